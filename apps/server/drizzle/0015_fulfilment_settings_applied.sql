DROP INDEX "declaration_lines_org_idx";--> statement-breakpoint
DROP INDEX "declarations_org_status_idx";--> statement-breakpoint
DROP INDEX "dropship_orders_org_id_idx";--> statement-breakpoint
DROP INDEX "dropship_orders_org_combined_idx";--> statement-breakpoint
DROP INDEX "auto_intercept_logs_org_idx";--> statement-breakpoint
DROP INDEX "offline_return_lines_purchaser_idx";--> statement-breakpoint
DROP INDEX "offline_return_orders_org_idx";--> statement-breakpoint
DROP INDEX "offline_return_parcels_org_idx";--> statement-breakpoint
DROP INDEX "order_import_jobs_org_created_idx";--> statement-breakpoint
DROP INDEX "ship_backs_org_status_idx";--> statement-breakpoint
DROP INDEX "take_down_runs_org_idx";--> statement-breakpoint
DROP INDEX "take_items_purchaser_status_idx";--> statement-breakpoint
DROP INDEX "take_items_purchaser_id_idx";--> statement-breakpoint
DROP INDEX "take_logs_org_idx";--> statement-breakpoint
DROP INDEX "waybills_purchaser_idx";--> statement-breakpoint
ALTER TABLE "dropship_order_items" ADD COLUMN "supply_mode" text DEFAULT 'MARKET_PICKUP' NOT NULL;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "speed_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "speed_fee_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "pay_later_state" text;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "pay_later_replenish_id" integer;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "supply_mode" text DEFAULT 'MARKET_PICKUP' NOT NULL;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "lack_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "dropship_orders_unpaid_idx" ON "dropship_orders" USING btree ("created_at") WHERE "dropship_orders"."status" = 'WAITING_PAYMENT';--> statement-breakpoint
CREATE INDEX "dropship_orders_pay_later_due_idx" ON "dropship_orders" USING btree ("org_id") WHERE "dropship_orders"."pay_later_state" = 'DUE';--> statement-breakpoint
CREATE INDEX "take_items_purchaser_urgent_idx" ON "take_items" USING btree ("purchaser_org_id","urgent" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "take_items_purchaser_status_urgent_idx" ON "take_items" USING btree ("purchaser_org_id","assignment_status","urgent" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "declaration_lines_org_idx" ON "declaration_lines" USING btree ("org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "declarations_org_status_idx" ON "declarations" USING btree ("org_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dropship_orders_org_id_idx" ON "dropship_orders" USING btree ("org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "dropship_orders_org_combined_idx" ON "dropship_orders" USING btree ("org_id","combined_status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "auto_intercept_logs_org_idx" ON "auto_intercept_logs" USING btree ("org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offline_return_lines_purchaser_idx" ON "offline_return_lines" USING btree ("purchaser_org_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offline_return_orders_org_idx" ON "offline_return_orders" USING btree ("org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offline_return_parcels_org_idx" ON "offline_return_parcels" USING btree ("purchaser_org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "order_import_jobs_org_created_idx" ON "order_import_jobs" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ship_backs_org_status_idx" ON "ship_backs" USING btree ("org_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "take_down_runs_org_idx" ON "take_down_runs" USING btree ("purchaser_org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "take_items_purchaser_status_idx" ON "take_items" USING btree ("purchaser_org_id","assignment_status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "take_items_purchaser_id_idx" ON "take_items" USING btree ("purchaser_org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "take_logs_org_idx" ON "take_logs" USING btree ("purchaser_org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "waybills_purchaser_idx" ON "waybills" USING btree ("purchaser_org_id","id" DESC NULLS FIRST);