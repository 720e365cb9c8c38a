CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_ck";--> statement-breakpoint
DROP INDEX "refunds_one_pending_uq";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_reference_sandbox_checkouts_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."sandbox_checkouts"("reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_open_uq" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" in ('pending', 'unknown');--> statement-breakpoint
CREATE INDEX "refunds_next_check_idx" ON "refunds" USING btree ("next_check_at") WHERE "refunds"."next_check_at" is not null;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_ck" CHECK (status in ('pending', 'unknown', 'processed', 'failed'));--> statement-breakpoint
-- Refunds already with the provider are followed from now on by the follow-up job.
UPDATE "refunds" SET "next_check_at" = now() WHERE "status" = 'pending' AND "sent_at" IS NOT NULL;
--> statement-breakpoint
-- The sandbox's refunds so far, into its own book (it paid each back at once).
INSERT INTO "sandbox_refunds" ("id", "reference", "amount", "created_at")
SELECT r."provider_refund_id", p."reference", r."amount", r."created_at"
FROM "refunds" r JOIN "payments" p ON p."id" = r."payment_id"
WHERE r."provider" = 'sandbox' AND r."provider_refund_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "sandbox_checkouts" c WHERE c."reference" = p."reference")
ON CONFLICT DO NOTHING;
