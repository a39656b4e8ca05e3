DROP INDEX "after_sales_org_status_created_idx";--> statement-breakpoint
DROP INDEX "after_sales_org_created_idx";--> statement-breakpoint
DROP INDEX "auto_after_sale_logs_org_created_idx";--> statement-breakpoint
CREATE INDEX "after_sales_org_status_created_idx" ON "after_sales" USING btree ("org_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "after_sales_org_created_idx" ON "after_sales" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auto_after_sale_logs_org_created_idx" ON "auto_after_sale_logs" USING btree ("org_id","created_at" DESC NULLS FIRST);