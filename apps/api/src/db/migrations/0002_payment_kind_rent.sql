-- One spelling per idea: a rent payment's kind is 'rent' (it was 'room_rent'). The wire keeps
-- ROOM_RENT as payment_type; only the stored value changes.
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_ck";--> statement-breakpoint
UPDATE "payments" SET "kind" = 'rent' WHERE "kind" = 'room_rent';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_ck" CHECK (kind in ('agent_fee', 'rent'));
