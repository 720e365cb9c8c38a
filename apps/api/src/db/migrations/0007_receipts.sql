CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "receipt_counters_last_ck" CHECK ("receipt_counters"."last" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number");--> statement-breakpoint
-- Payments that succeeded before receipt numbers existed get theirs in the order they were paid.
WITH numbered AS (
	SELECT "id", "y", row_number() OVER (PARTITION BY "y" ORDER BY "at", "id") AS "n"
	FROM (
		SELECT "id", coalesce("paid_at", "updated_at") AS "at",
			extract(year FROM (coalesce("paid_at", "updated_at") AT TIME ZONE 'Africa/Lagos'))::int AS "y"
		FROM "payments" WHERE "status" = 'success'
	) AS "s"
)
UPDATE "payments" SET "receipt_number" = 'SN-' || numbered."y" || '-' || lpad(numbered."n"::text, 6, '0')
FROM numbered WHERE "payments"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "receipt_counters" ("year", "last")
SELECT substr("receipt_number", 4, 4)::int, count(*) FROM "payments" WHERE "receipt_number" IS NOT NULL GROUP BY 1;
