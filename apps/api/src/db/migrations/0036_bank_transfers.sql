CREATE TABLE "sandbox_accounts" (
	"customer_code" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"account_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "sandbox_accounts_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_reference" text NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"sender" text,
	"received_at" timestamp with time zone NOT NULL,
	"refund_state" text,
	"provider_refund_id" text,
	"refund_failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_provider_reference_unique" UNIQUE("provider_reference"),
	CONSTRAINT "bank_transfers_status_ck" CHECK (status in ('applied', 'held', 'allocated', 'refunded')),
	CONSTRAINT "bank_transfers_provider_ck" CHECK (provider in ('sandbox', 'paystack')),
	CONSTRAINT "bank_transfers_refund_state_ck" CHECK (refund_state in ('pending', 'unknown', 'processed', 'failed')),
	CONSTRAINT "bank_transfers_accounted_ck" CHECK ("bank_transfers"."applied" >= 0 and "bank_transfers"."held" >= 0 and "bank_transfers"."refunded" >= 0 and "bank_transfers"."amount" = "bank_transfers"."applied" + "bank_transfers"."held" + "bank_transfers"."refunded"),
	CONSTRAINT "bank_transfers_held_ck" CHECK (("bank_transfers"."status" = 'held') = ("bank_transfers"."held" > 0))
);
--> statement-breakpoint
CREATE TABLE "dedicated_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_code" text NOT NULL,
	"state" text NOT NULL,
	"provider_account_id" text,
	"bank_name" text,
	"account_number" text,
	"account_name" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dedicated_accounts_state_ck" CHECK (state in ('requested', 'assigned', 'failed', 'unavailable')),
	CONSTRAINT "dedicated_accounts_provider_ck" CHECK (provider in ('sandbox', 'paystack')),
	CONSTRAINT "dedicated_accounts_assigned_ck" CHECK ("dedicated_accounts"."state" <> 'assigned' or ("dedicated_accounts"."account_number" is not null and "dedicated_accounts"."bank_name" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_reference" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dedicated_accounts" ADD CONSTRAINT "dedicated_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_user_idx" ON "bank_transfers" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_status_idx" ON "bank_transfers" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "dedicated_accounts_customer_idx" ON "dedicated_accounts" USING btree ("customer_code");--> statement-breakpoint
CREATE INDEX "dedicated_accounts_number_idx" ON "dedicated_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "payments_transfer_idx" ON "payments" USING btree ("transfer_reference");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_channel_ck" CHECK (channel in ('card', 'bank_transfer', 'ussd', 'dedicated_nuban'));