ALTER TABLE "after_sales" ADD COLUMN "replacement_order_id" bigint;--> statement-breakpoint
ALTER TABLE "after_sales" ADD COLUMN "replacement_order_no" text;