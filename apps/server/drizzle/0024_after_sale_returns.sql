ALTER TABLE "after_sales" ADD COLUMN "inspection_result" text;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "received_quantity" integer;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "inspection_photos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "inspection_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "inspected_by" integer;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "inspected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "negotiate_fen" bigint;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "after_sale_id" bigint;--> statement-breakpoint
ALTER TABLE "offline_return_lines" ADD COLUMN "after_sale_id" bigint;--> statement-breakpoint
CREATE INDEX "after_sales_purchaser_return_waybill_idx" ON "after_sales" USING btree ("purchaser_org_id","return_waybill_no") WHERE "after_sales"."return_waybill_no" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "offline_return_lines_after_sale" ON "offline_return_lines" USING btree ("after_sale_id") WHERE "offline_return_lines"."after_sale_id" is not null;