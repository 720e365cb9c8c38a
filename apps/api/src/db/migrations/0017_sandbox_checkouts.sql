CREATE TABLE "sandbox_checkouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'NGN' NOT NULL,
	"email" text NOT NULL,
	"callback_url" text,
	"description" text NOT NULL,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_outcome_ck" CHECK ("sandbox_checkouts"."outcome" in ('paid', 'cancelled')),
	CONSTRAINT "sandbox_checkouts_decided_ck" CHECK (("sandbox_checkouts"."outcome" is null) = ("sandbox_checkouts"."decided_at" is null))
);
--> statement-breakpoint
-- The sandbox kept its decisions on our payments (provider_data.sandbox) until it had a table of
-- its own: its checkouts so far, with what the payer decided.
INSERT INTO "sandbox_checkouts" ("reference", "amount", "currency", "email", "callback_url", "description", "outcome", "decided_at", "created_at")
SELECT p."reference", p."amount", p."currency", u."email", p."provider_data" ->> 'callbackUrl',
  'StudyNest payment ' || p."reference",
  p."provider_data" -> 'sandbox' ->> 'outcome',
  CASE WHEN p."provider_data" -> 'sandbox' ->> 'outcome' IS NOT NULL
    THEN coalesce((p."provider_data" -> 'sandbox' ->> 'decidedAt')::timestamptz, p."updated_at") END,
  p."created_at"
FROM "payments" p JOIN "users" u ON u."id" = p."user_id"
WHERE p."provider" = 'sandbox'
ON CONFLICT DO NOTHING;
