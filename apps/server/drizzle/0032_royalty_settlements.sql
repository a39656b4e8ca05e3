ALTER TABLE "royalty_settlements" ADD COLUMN "trade_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD COLUMN "orders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD COLUMN "receivers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD COLUMN "settle_no" text;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD CONSTRAINT "royalty_settlements_status" CHECK ("royalty_settlements"."status" in ('PROCESSING', 'SUCCESS', 'FAIL', 'REVERSED'));