CREATE TABLE "hostel_review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hostel_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"hostel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	CONSTRAINT "hostel_reviews_tenancy_id_unique" UNIQUE("tenancy_id"),
	CONSTRAINT "hostel_reviews_rating_ck" CHECK ("hostel_reviews"."rating" between 1 and 5),
	CONSTRAINT "hostel_reviews_hidden_ck" CHECK (("hostel_reviews"."hidden_at" is null) = ("hostel_reviews"."hidden_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hostels" ADD COLUMN "review_stars_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hostel_review_reports" ADD CONSTRAINT "hostel_review_reports_review_id_hostel_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."hostel_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_review_reports" ADD CONSTRAINT "hostel_review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_reviews" ADD CONSTRAINT "hostel_reviews_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_reviews" ADD CONSTRAINT "hostel_reviews_hostel_id_hostels_id_fk" FOREIGN KEY ("hostel_id") REFERENCES "public"."hostels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_reviews" ADD CONSTRAINT "hostel_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hostel_reviews" ADD CONSTRAINT "hostel_reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hostel_review_reports_once_uq" ON "hostel_review_reports" USING btree ("review_id","user_id");--> statement-breakpoint
CREATE INDEX "hostel_reviews_hostel_idx" ON "hostel_reviews" USING btree ("hostel_id","created_at") WHERE "hostel_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "hostel_reviews_user_idx" ON "hostel_reviews" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "hostels" ADD CONSTRAINT "hostels_review_totals_ck" CHECK ("hostels"."review_count" >= 0 and "hostels"."review_stars_total" between "hostels"."review_count" and 5 * "hostels"."review_count");