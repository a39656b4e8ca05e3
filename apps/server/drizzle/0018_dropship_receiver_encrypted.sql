ALTER TABLE "dropship_orders" ADD COLUMN "receiver_encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "receiver_handle" text;