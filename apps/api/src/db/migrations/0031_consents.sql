CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_kind_ck" CHECK (kind in ('marketing_email', 'marketing_sms')),
	CONSTRAINT "consents_source_ck" CHECK (source in ('signup', 'profile', 'unsubscribe'))
);
--> statement-breakpoint
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_topic_ck";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","at");--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_topic_ck" CHECK (topic in ('account', 'security', 'payment', 'reminder', 'announcement', 'maintenance', 'alert', 'news'));