CREATE TABLE "reconciliation_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"provider_refund_id" text,
	"ours" jsonb,
	"theirs" jsonb,
	"what_to_do" text NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "reconciliation_differences_kind_ck" CHECK (kind in ('unknown_to_us', 'missing_ours', 'missing_theirs', 'amount_differs', 'refund_unknown_to_us', 'refund_missing_theirs', 'refund_status_differs', 'refunded_more_than_once'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"counts" jsonb DEFAULT '{"ours_payments":0,"theirs_payments":0,"ours_refunds":0,"theirs_refunds":0}'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reconciliation_runs_status_ck" CHECK (status in ('running', 'agreed', 'differences', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run_idx" ON "reconciliation_differences" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");