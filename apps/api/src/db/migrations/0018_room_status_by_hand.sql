ALTER TABLE "rooms" ADD COLUMN "status_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now an admin's hand and the lifecycle wrote the same column: a room rented with no running
-- tenancy, or booked with no standing agent fee that a tenancy has not used up, was set by hand.
UPDATE "rooms" r SET "status_by_hand" = true
WHERE (r."status" = 'rented' AND NOT EXISTS (
    SELECT 1 FROM "tenancies" t WHERE t."room_id" = r."id" AND t."ended_at" IS NULL))
  OR (r."status" = 'booked' AND NOT EXISTS (
    SELECT 1 FROM "payments" p
    WHERE p."room_id" = r."id" AND p."kind" = 'agent_fee' AND p."status" = 'success' AND NOT p."needs_refund"
      AND NOT EXISTS (SELECT 1 FROM "tenancies" t WHERE t."agent_fee_payment_id" = p."id" AND t."ended_at" IS NOT NULL)));
