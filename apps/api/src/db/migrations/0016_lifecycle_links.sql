ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_ck";--> statement-breakpoint
ALTER TABLE "tenancies" DROP CONSTRAINT "tenancies_end_reason_ck";--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "agent_fee_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_agent_fee_payment_id_payments_id_fk" FOREIGN KEY ("agent_fee_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each tenancy spent the latest standing agent fee its student paid for the room before it began
-- (the rule docs/domain.md had derived until now); a fee is spent on one tenancy at most.
UPDATE "tenancies" SET "agent_fee_payment_id" = spent."fee_id"
FROM (
  SELECT DISTINCT ON (fee."id") fee."id" AS "fee_id", tn."id" AS "tenancy_id"
  FROM "tenancies" tn
  JOIN LATERAL (
    SELECT p."id" FROM "payments" p
    WHERE p."user_id" = tn."user_id" AND p."room_id" = tn."room_id" AND p."kind" = 'agent_fee'
      AND p."status" = 'success' AND NOT p."needs_refund" AND p."paid_at" <= tn."created_at"
    ORDER BY p."paid_at" DESC LIMIT 1
  ) fee ON true
  ORDER BY fee."id", tn."created_at"
) spent
WHERE "tenancies"."id" = spent."tenancy_id";--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_agent_fee_payment_uq" ON "tenancies" USING btree ("agent_fee_payment_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_ck" CHECK (status in ('pending', 'confirmed', 'inspected', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_end_reason_ck" CHECK (end_reason in ('tenant_notice', 'left_early', 'lease_ended', 'breach'));--> statement-breakpoint
-- A booking whose agent fee a tenancy spent was inspected: it can no longer be cancelled.
UPDATE "bookings" SET "status" = 'inspected'
FROM "payments" p JOIN "tenancies" t ON t."agent_fee_payment_id" = p."id"
WHERE p."booking_id" = "bookings"."id" AND "bookings"."status" = 'confirmed';