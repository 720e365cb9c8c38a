CREATE TABLE "tenancy_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "tenancy_deductions_amount_ck" CHECK ("tenancy_deductions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "notice_given_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "notice_move_out_on" date;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "end_note" text;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "ended_by" uuid;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "move_out_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "deposit_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "deposit_held" integer;--> statement-breakpoint
ALTER TABLE "tenancy_deductions" ADD CONSTRAINT "tenancy_deductions_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_deductions_position_uq" ON "tenancy_deductions" USING btree ("tenancy_id","position");--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_deposit_payment_id_payments_id_fk" FOREIGN KEY ("deposit_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_deposit_payment_uq" ON "tenancies" USING btree ("deposit_payment_id");--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_end_reason_ck" CHECK (end_reason in ('tenant_notice', 'lease_ended', 'breach'));--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_notice_ck" CHECK (("tenancies"."notice_given_at" is null) = ("tenancies"."notice_move_out_on" is null));--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_moved_out_ck" CHECK ("tenancies"."end_reason" is null or ("tenancies"."ended_at" is not null and "tenancies"."move_out_recorded_at" is not null));