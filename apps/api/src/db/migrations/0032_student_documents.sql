CREATE TABLE "student_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"pages" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "student_documents_slot_ck" CHECK (slot in ('study', 'identity')),
	CONSTRAINT "student_documents_kind_ck" CHECK (kind in ('student_id', 'admission_letter', 'passport', 'national_id', 'nin_slip', 'voters_card')),
	CONSTRAINT "student_documents_status_ck" CHECK (status in ('uploaded', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_documents_user_slot_uq" ON "student_documents" USING btree ("user_id","slot");--> statement-breakpoint
CREATE INDEX "student_documents_queue_idx" ON "student_documents" USING btree ("status","uploaded_at");