ALTER TABLE "payments" ADD COLUMN "kept_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What move-outs so far kept of the deposits they settled: their deductions.
UPDATE "payments" p SET "kept_amount" = least(p."amount", d."kept")
FROM (
  SELECT t."deposit_payment_id" AS "payment_id", sum(td."amount")::int AS "kept"
  FROM "tenancies" t JOIN "tenancy_deductions" td ON td."tenancy_id" = t."id"
  WHERE t."deposit_payment_id" IS NOT NULL
  GROUP BY t."deposit_payment_id"
) d
WHERE p."id" = d."payment_id";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kept_ck" CHECK ("payments"."kept_amount" between 0 and "payments"."amount");