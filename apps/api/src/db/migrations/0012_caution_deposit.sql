ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_ck";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_ck" CHECK (kind in ('agent_fee', 'rent', 'caution_fee'));