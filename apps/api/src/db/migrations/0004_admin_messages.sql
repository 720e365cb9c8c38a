CREATE TABLE "message_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid,
	"channel" text NOT NULL,
	"audience" jsonb NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_sends_channel_ck" CHECK (channel in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD COLUMN "send_id" uuid;--> statement-breakpoint
ALTER TABLE "message_sends" ADD CONSTRAINT "message_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_sends_created_idx" ON "message_sends" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_send_id_message_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."message_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_deliveries_send_idx" ON "message_deliveries" USING btree ("send_id");