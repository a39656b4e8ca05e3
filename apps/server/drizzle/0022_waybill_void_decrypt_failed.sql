ALTER TABLE "waybills" ADD COLUMN "courier_order_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "waybills" ADD COLUMN "label_sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "dropship_orders_encrypted_waiting_idx" ON "dropship_orders" USING btree ("org_id") WHERE "dropship_orders"."status" = 'WAITING_DELIVERING' and "dropship_orders"."receiver_encrypted";--> statement-breakpoint
CREATE INDEX "receiver_decrypts_order_id_idx" ON "receiver_decrypts" USING btree ("order_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "waybills_label_sealed_idx" ON "waybills" USING btree ("order_id") WHERE label_sealed;