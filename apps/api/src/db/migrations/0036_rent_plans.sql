CREATE TABLE "rent_part_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"rent_part_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_part_payments_amount_ck" CHECK ("rent_part_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rent_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"year_start" date NOT NULL,
	"plan" text NOT NULL,
	"number" integer NOT NULL,
	"amount" integer NOT NULL,
	"due_on" date NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_parts_paid_ck" CHECK ("rent_parts"."paid" between 0 and "rent_parts"."amount"),
	CONSTRAINT "rent_parts_number_ck" CHECK ("rent_parts"."number" >= 1),
	CONSTRAINT "rent_parts_plan_ck" CHECK (plan in ('full', 'two_parts', 'three_parts'))
);
--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "rent_plan" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rent_plan" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rent_year" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "rent_plan" text;--> statement-breakpoint
ALTER TABLE "rent_part_payments" ADD CONSTRAINT "rent_part_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_part_payments" ADD CONSTRAINT "rent_part_payments_rent_part_id_rent_parts_id_fk" FOREIGN KEY ("rent_part_id") REFERENCES "public"."rent_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_parts" ADD CONSTRAINT "rent_parts_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_part_payments_uq" ON "rent_part_payments" USING btree ("payment_id","rent_part_id");--> statement-breakpoint
CREATE INDEX "rent_part_payments_part_idx" ON "rent_part_payments" USING btree ("rent_part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rent_parts_year_number_uq" ON "rent_parts" USING btree ("tenancy_id","year_start","number");--> statement-breakpoint
CREATE INDEX "rent_parts_due_idx" ON "rent_parts" USING btree ("due_on") WHERE "rent_parts"."paid" < "rent_parts"."amount";--> statement-breakpoint
ALTER TABLE "hostels" ADD CONSTRAINT "hostels_rent_plan_ck" CHECK (rent_plan in ('full', 'two_parts', 'three_parts'));--> statement-breakpoint
-- Every rent paid before plans paid a whole year: say so, so that one still pending applies as before.
UPDATE "payments" SET "rent_plan" = 'full', "rent_year" = "amount" WHERE "kind" = 'rent';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_rent_plan_ck" CHECK (("payments"."rent_plan" is null) = ("payments"."rent_year" is null) and ("payments"."rent_plan" is null or ("payments"."kind" = 'rent' and rent_plan in ('full', 'two_parts', 'three_parts') and "payments"."amount" <= "payments"."rent_year")));--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_rent_plan_ck" CHECK (rent_plan in ('full', 'two_parts', 'three_parts'));