CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_paid_success_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'success';--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");