CREATE SEQUENCE "public"."dropship_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."take_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "express_companies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "express_price_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "express_price_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"express_code" text NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"first_weight_grams" integer NOT NULL,
	"first_fen" integer NOT NULL,
	"step_weight_grams" integer NOT NULL,
	"step_fen" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_price_rules_positive" CHECK ("express_price_rules"."first_weight_grams" > 0 and "express_price_rules"."step_weight_grams" > 0 and "express_price_rules"."first_fen" >= 0 and "express_price_rules"."step_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "express_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"service_fee_per_item_fen" integer NOT NULL,
	"item_weight_grams" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_settings_single_row" CHECK ("express_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "dropship_order_counts" (
	"org_id" integer NOT NULL,
	"combined_status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dropship_order_entries" (
	"order_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dropship_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropship_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"operation" text NOT NULL,
	"actor_user_id" integer,
	"actor_org_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dropship_order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropship_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"shop_order_item_id" bigint,
	"custom_goods_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"spec" text,
	"pic_url" text,
	"snapshot" jsonb NOT NULL,
	"supplier_id" integer,
	"stall_name" text DEFAULT '' NOT NULL,
	"market" text DEFAULT '' NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"stall_no" text DEFAULT '' NOT NULL,
	"market_area" text DEFAULT '' NOT NULL,
	"art_no" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost_fen" bigint NOT NULL,
	"take_status" text,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"stop_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dropship_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropship_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"source" text NOT NULL,
	"shop_order_id" bigint,
	"shop_id" integer,
	"shop_name" text,
	"channel" text,
	"platform_order_id" text,
	"receiver_name" text NOT NULL,
	"receiver_phone" text NOT NULL,
	"receiver_phone_tail" text DEFAULT '' NOT NULL,
	"receiver_province" text NOT NULL,
	"receiver_city" text NOT NULL,
	"receiver_district" text DEFAULT '' NOT NULL,
	"receiver_address" text NOT NULL,
	"express_code" text NOT NULL,
	"express_name" text NOT NULL,
	"express_fee_fen" bigint DEFAULT 0 NOT NULL,
	"service_fee_fen" bigint DEFAULT 0 NOT NULL,
	"goods_fen" bigint DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"total_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"item_count" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"buyer_remark" text,
	"seller_remark" text,
	"status" text NOT NULL,
	"combined_status" text NOT NULL,
	"pay_method" text,
	"pay_request_key" text,
	"paid_at" timestamp with time zone,
	"purchaser_org_id" integer,
	"courier_code" text,
	"tracking_no" text,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dropship_orders_money" CHECK ("dropship_orders"."total_fen" >= 0 and "dropship_orders"."refunded_fen" >= 0 and "dropship_orders"."refunded_fen" <= "dropship_orders"."total_fen")
);
--> statement-breakpoint
CREATE TABLE "dropship_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dropship_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"pay_method" text NOT NULL,
	"order_ids" bigint[] NOT NULL,
	"status" text DEFAULT 'WAITING_PAYMENT' NOT NULL,
	"trade_no" text,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_purchasers" (
	"seller_org_id" integer PRIMARY KEY NOT NULL,
	"purchaser_org_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "take_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "take_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"order_item_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"take_code" text NOT NULL,
	"assignment_status" text DEFAULT 'WAITING_ASSIGNED' NOT NULL,
	"taking_status" text DEFAULT 'WAITING_TAKING' NOT NULL,
	"assigned_user_id" integer,
	"supplier_id" integer,
	"stall_name" text DEFAULT '' NOT NULL,
	"market" text DEFAULT '' NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"stall_no" text DEFAULT '' NOT NULL,
	"market_area" text DEFAULT '' NOT NULL,
	"art_no" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"express_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "express_price_rules" ADD CONSTRAINT "express_price_rules_express_code_express_companies_code_fk" FOREIGN KEY ("express_code") REFERENCES "public"."express_companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_order_entries" ADD CONSTRAINT "dropship_order_entries_order_id_dropship_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."dropship_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_order_events" ADD CONSTRAINT "dropship_order_events_order_id_dropship_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."dropship_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_order_items" ADD CONSTRAINT "dropship_order_items_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_order_items" ADD CONSTRAINT "dropship_order_items_order_id_dropship_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."dropship_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD CONSTRAINT "dropship_orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD CONSTRAINT "dropship_orders_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dropship_payments" ADD CONSTRAINT "dropship_payments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_purchasers" ADD CONSTRAINT "seller_purchasers_seller_org_id_organisations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_purchasers" ADD CONSTRAINT "seller_purchasers_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_items" ADD CONSTRAINT "take_items_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_items" ADD CONSTRAINT "take_items_seller_org_id_organisations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "express_price_rules_code_province" ON "express_price_rules" USING btree ("express_code","province");--> statement-breakpoint
CREATE UNIQUE INDEX "dropship_order_counts_key" ON "dropship_order_counts" USING btree ("org_id","combined_status");--> statement-breakpoint
CREATE UNIQUE INDEX "dropship_order_entries_key" ON "dropship_order_entries" USING btree ("order_id","entry_id");--> statement-breakpoint
CREATE INDEX "dropship_order_events_order_idx" ON "dropship_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dropship_order_items_order_line" ON "dropship_order_items" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "dropship_order_items_org_order_idx" ON "dropship_order_items" USING btree ("org_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dropship_orders_order_no" ON "dropship_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "dropship_orders_org_id_idx" ON "dropship_orders" USING btree ("org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dropship_orders_org_combined_idx" ON "dropship_orders" USING btree ("org_id","combined_status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dropship_orders_org_shop_order_idx" ON "dropship_orders" USING btree ("org_id","shop_order_id");--> statement-breakpoint
CREATE INDEX "dropship_orders_org_platform_id_idx" ON "dropship_orders" USING btree ("org_id","platform_order_id");--> statement-breakpoint
CREATE INDEX "dropship_orders_org_phone_tail_idx" ON "dropship_orders" USING btree ("org_id","receiver_phone_tail");--> statement-breakpoint
CREATE INDEX "dropship_orders_org_tracking_idx" ON "dropship_orders" USING btree ("org_id","tracking_no");--> statement-breakpoint
CREATE UNIQUE INDEX "dropship_payments_out_trade_no" ON "dropship_payments" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "dropship_payments_org_idx" ON "dropship_payments" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "take_items_take_code" ON "take_items" USING btree ("take_code");--> statement-breakpoint
CREATE UNIQUE INDEX "take_items_order_item" ON "take_items" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "take_items_purchaser_status_idx" ON "take_items" USING btree ("purchaser_org_id","assignment_status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "take_items_purchaser_walk_idx" ON "take_items" USING btree ("purchaser_org_id","market_area","market","building","floor","stall_no");--> statement-breakpoint
CREATE INDEX "take_items_order_idx" ON "take_items" USING btree ("order_id");