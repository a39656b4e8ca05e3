DROP INDEX "dropship_orders_org_id_idx";--> statement-breakpoint
DROP INDEX "dropship_orders_org_combined_idx";--> statement-breakpoint
CREATE INDEX "dropship_orders_org_id_idx" ON "dropship_orders" USING btree ("org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dropship_orders_org_combined_idx" ON "dropship_orders" USING btree ("org_id","combined_status","id" DESC NULLS LAST);