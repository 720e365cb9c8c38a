CREATE TABLE "saved_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"hostel_id" uuid,
	"search" text,
	"channel" text DEFAULT 'email' NOT NULL,
	"seen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_items_kind_ck" CHECK (kind in ('hostel', 'search')),
	CONSTRAINT "saved_items_channel_ck" CHECK (channel in ('email', 'sms')),
	CONSTRAINT "saved_items_target_ck" CHECK ((kind = 'hostel' and hostel_id is not null and search is null) or (kind = 'search' and search is not null and hostel_id is null))
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_topic_ck";--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_items" ADD CONSTRAINT "saved_items_hostel_id_hostels_id_fk" FOREIGN KEY ("hostel_id") REFERENCES "public"."hostels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_items_hostel_uq" ON "saved_items" USING btree ("user_id","hostel_id") WHERE "saved_items"."hostel_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_items_search_uq" ON "saved_items" USING btree ("user_id","search") WHERE "saved_items"."search" is not null;--> statement-breakpoint
CREATE INDEX "saved_items_user_idx" ON "saved_items" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_topic_ck" CHECK (topic in ('account', 'security', 'payment', 'reminder', 'announcement', 'maintenance', 'alert'));