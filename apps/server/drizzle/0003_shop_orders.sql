CREATE TABLE "shop_order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"platform_item_id" text NOT NULL,
	"item_id" text DEFAULT '' NOT NULL,
	"sku_id" text,
	"title" text DEFAULT '' NOT NULL,
	"spec" text,
	"outer_item_code" text,
	"outer_sku_code" text,
	"pic_url" text,
	"quantity" integer NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"payment_fen" bigint DEFAULT 0 NOT NULL,
	"refund_state" text DEFAULT 'NONE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"channel" text NOT NULL,
	"platform_order_id" text NOT NULL,
	"status" text NOT NULL,
	"platform_status" text NOT NULL,
	"refund_state" text DEFAULT 'NONE' NOT NULL,
	"dropship_status" text DEFAULT 'UNPLACED' NOT NULL,
	"buyer_nick" text DEFAULT '' NOT NULL,
	"receiver_name" text DEFAULT '' NOT NULL,
	"receiver_phone" text DEFAULT '' NOT NULL,
	"receiver_phone_tail" text DEFAULT '' NOT NULL,
	"receiver_province" text DEFAULT '' NOT NULL,
	"receiver_city" text DEFAULT '' NOT NULL,
	"receiver_district" text DEFAULT '' NOT NULL,
	"receiver_town" text,
	"receiver_address" text DEFAULT '' NOT NULL,
	"receiver_encrypted" boolean DEFAULT false NOT NULL,
	"receiver_decrypt_handle" text,
	"buyer_remark" text,
	"seller_remark" text,
	"seller_flag" integer,
	"total_fen" bigint DEFAULT 0 NOT NULL,
	"post_fee_fen" bigint DEFAULT 0 NOT NULL,
	"payment_fen" bigint DEFAULT 0 NOT NULL,
	"platform_created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"platform_modified_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"import_job_id" integer,
	"item_search" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"platform_refund_id" text NOT NULL,
	"platform_order_id" text NOT NULL,
	"platform_item_id" text,
	"platform_status" text NOT NULL,
	"state" text NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"has_good_return" boolean DEFAULT false NOT NULL,
	"platform_created_at" timestamp with time zone NOT NULL,
	"platform_modified_at" timestamp with time zone NOT NULL,
	"raw" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_order_items" ADD CONSTRAINT "shop_order_items_order_id_shop_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD CONSTRAINT "shop_refunds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_order_items_order_line" ON "shop_order_items" USING btree ("order_id","platform_item_id");--> statement-breakpoint
CREATE INDEX "shop_order_items_org_sku_idx" ON "shop_order_items" USING btree ("org_id","sku_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_orders_shop_platform_id" ON "shop_orders" USING btree ("org_id","shop_id","platform_order_id");--> statement-breakpoint
CREATE INDEX "shop_orders_org_paid_idx" ON "shop_orders" USING btree ("org_id","paid_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_orders_org_phone_tail_idx" ON "shop_orders" USING btree ("org_id","receiver_phone_tail");--> statement-breakpoint
CREATE INDEX "shop_orders_org_platform_id_idx" ON "shop_orders" USING btree ("org_id","platform_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_refunds_shop_platform_id" ON "shop_refunds" USING btree ("org_id","shop_id","platform_refund_id");--> statement-breakpoint
CREATE INDEX "shop_refunds_org_order_idx" ON "shop_refunds" USING btree ("org_id","platform_order_id");--> statement-breakpoint
CREATE INDEX "shop_refunds_modified_idx" ON "shop_refunds" USING btree ("org_id","platform_modified_at");