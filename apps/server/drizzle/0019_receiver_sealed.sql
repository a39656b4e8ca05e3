ALTER TABLE "dropship_orders" ADD COLUMN "receiver_sealed" text;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "receiver_key" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "receiver_sealed" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "receiver_key" text;--> statement-breakpoint
CREATE INDEX "declaration_lines_unsealed_idx" ON "declaration_lines" USING btree ("id") WHERE "declaration_lines"."receiver" is not null and ("declaration_lines"."receiver" ->> 'sealed') is null;--> statement-breakpoint
CREATE INDEX "dropship_orders_sealed_closed_idx" ON "dropship_orders" USING btree (coalesce("finished_at", "canceled_at")) WHERE "dropship_orders"."receiver_sealed" is not null;--> statement-breakpoint
CREATE INDEX "dropship_orders_unsealed_idx" ON "dropship_orders" USING btree ("id") WHERE "dropship_orders"."receiver_key" is null and position('*' in "dropship_orders"."receiver_phone") = 0;--> statement-breakpoint
CREATE INDEX "shop_orders_sealed_closed_idx" ON "shop_orders" USING btree ("platform_modified_at") WHERE "shop_orders"."receiver_sealed" is not null and "shop_orders"."status" in ('FINISHED', 'CLOSED');--> statement-breakpoint
CREATE INDEX "shop_orders_unsealed_idx" ON "shop_orders" USING btree ("id") WHERE "shop_orders"."receiver_key" is null and "shop_orders"."receiver_phone" <> '' and position('*' in "shop_orders"."receiver_phone") = 0;