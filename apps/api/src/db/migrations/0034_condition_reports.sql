CREATE TABLE "condition_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"note" text,
	"photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "condition_items_state_ck" CHECK (state in ('good', 'fair', 'damaged', 'missing'))
);
--> statement-breakpoint
CREATE TABLE "condition_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variant_widths" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"placeholder" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"uploaded_by" uuid,
	CONSTRAINT "condition_photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "condition_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenancy_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"recorded_by" uuid,
	"recorded_by_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "condition_reports_status_ck" CHECK (status in ('awaiting_confirmation', 'confirmed')),
	CONSTRAINT "condition_reports_role_ck" CHECK (recorded_by_role in ('admin', 'tenant')),
	CONSTRAINT "condition_reports_confirmed_ck" CHECK (("condition_reports"."status" = 'confirmed') = ("condition_reports"."confirmed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "tenancy_deductions" ADD COLUMN "condition_item_id" uuid;--> statement-breakpoint
ALTER TABLE "condition_items" ADD CONSTRAINT "condition_items_report_id_condition_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."condition_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_photos" ADD CONSTRAINT "condition_photos_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_photos" ADD CONSTRAINT "condition_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_reports" ADD CONSTRAINT "condition_reports_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "condition_items_position_uq" ON "condition_items" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "condition_photos_tenancy_idx" ON "condition_photos" USING btree ("tenancy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "condition_reports_version_uq" ON "condition_reports" USING btree ("tenancy_id","version");--> statement-breakpoint
ALTER TABLE "tenancy_deductions" ADD CONSTRAINT "tenancy_deductions_condition_item_id_condition_items_id_fk" FOREIGN KEY ("condition_item_id") REFERENCES "public"."condition_items"("id") ON DELETE no action ON UPDATE no action;