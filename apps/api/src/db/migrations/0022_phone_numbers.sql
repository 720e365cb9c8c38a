CREATE TABLE "phone_reviews" (
	"user_id" uuid NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "phone_reviews_pk" PRIMARY KEY("user_id","field"),
	CONSTRAINT "phone_reviews_field_ck" CHECK (field in ('phone_number', 'emergency_phone')),
	CONSTRAINT "phone_reviews_status_ck" CHECK (status in ('pending', 'open'))
);
--> statement-breakpoint
ALTER TABLE "phone_reviews" ADD CONSTRAINT "phone_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_reviews_status_idx" ON "phone_reviews" USING btree ("status","created_at");--> statement-breakpoint
-- The start-up admin was given a placeholder (08000000000, toll-free: no mobile) for want of a
-- number; it has none now until they give one.
UPDATE "users" SET "phone_number" = ''
WHERE "phone_number" = '08000000000' AND "role" = 'admin' AND "first_name" = 'studynest' AND "last_name" = 'admin';--> statement-breakpoint
-- Every number entered before the phone rule, to be checked at start with libphonenumber, the rule
-- the API applies (modules/auth/phone-review.service.ts): SQL cannot apply it exactly. Those that
-- can be Nigerian mobiles are rewritten to E.164 there; the others stay as they are, listed for admins.
INSERT INTO "phone_reviews" ("user_id", "field", "value")
SELECT "id", 'phone_number', "phone_number" FROM "users" WHERE "phone_number" <> ''
UNION ALL
SELECT "id", 'emergency_phone', "emergency_phone" FROM "users" WHERE "emergency_phone" <> '';
