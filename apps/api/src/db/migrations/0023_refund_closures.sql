CREATE TABLE "refund_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kept_amount" integer NOT NULL,
	"reason" text NOT NULL,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_closures_kept_ck" CHECK ("refund_closures"."kept_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "refund_closures" ADD CONSTRAINT "refund_closures_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_closures" ADD CONSTRAINT "refund_closures_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_closures_payment_uq" ON "refund_closures" USING btree ("payment_id");