ALTER TABLE "problem_parcels" ADD COLUMN "reship_order_id" bigint;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "reship_order_no" text;