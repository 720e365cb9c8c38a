CREATE TABLE "tenancy_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"hostel_id" uuid NOT NULL,
	"rent_key" text NOT NULL,
	"term_kind" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"rent_amount" integer NOT NULL,
	"template_version" text NOT NULL,
	"terms" jsonb NOT NULL,
	"document" "bytea" NOT NULL,
	"document_sha256" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_ip" text,
	"accepted_user_agent" text,
	"signed_document" "bytea",
	"signed_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenancy_agreements_term_kind_ck" CHECK (term_kind in ('first', 'renewal')),
	CONSTRAINT "tenancy_agreements_accepted_ck" CHECK (("tenancy_agreements"."accepted_at" is null) = ("tenancy_agreements"."accepted_name" is null)
        and ("tenancy_agreements"."accepted_at" is null) = ("tenancy_agreements"."signed_document" is null)
        and ("tenancy_agreements"."accepted_at" is null) = ("tenancy_agreements"."signed_sha256" is null))
);
--> statement-breakpoint
ALTER TABLE "tenancy_agreements" ADD CONSTRAINT "tenancy_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_agreements" ADD CONSTRAINT "tenancy_agreements_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_agreements" ADD CONSTRAINT "tenancy_agreements_hostel_id_hostels_id_fk" FOREIGN KEY ("hostel_id") REFERENCES "public"."hostels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenancy_agreements_draft_uq" ON "tenancy_agreements" USING btree ("rent_key") WHERE "tenancy_agreements"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "tenancy_agreements_user_idx" ON "tenancy_agreements" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tenancy_agreements_document_sha_idx" ON "tenancy_agreements" USING btree ("document_sha256");--> statement-breakpoint
CREATE INDEX "tenancy_agreements_signed_sha_idx" ON "tenancy_agreements" USING btree ("signed_sha256");