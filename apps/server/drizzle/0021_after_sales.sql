CREATE SEQUENCE "public"."after_sale_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "after_sale_entries" (
	"after_sale_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sale_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"after_sale_id" bigint NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"operation" text NOT NULL,
	"actor_user_id" integer,
	"actor_org_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "after_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"purchaser_org_id" integer,
	"after_sale_no" text NOT NULL,
	"order_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"return_status" text,
	"quantity" integer NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"shop_id" integer,
	"platform_refund_id" text,
	"platform_refund_fen" bigint DEFAULT 0 NOT NULL,
	"platform_refund_state" text,
	"reason" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"return_courier_name" text DEFAULT '' NOT NULL,
	"return_waybill_no" text DEFAULT '' NOT NULL,
	"request_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "after_sales_money" CHECK ("after_sales"."refund_fen" >= 0 and "after_sales"."refunded_fen" >= 0 and "after_sales"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "after_sale_status" text;--> statement-breakpoint
ALTER TABLE "after_sale_entries" ADD CONSTRAINT "after_sale_entries_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_events" ADD CONSTRAINT "after_sale_events_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_id_dropship_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."dropship_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_entries_key" ON "after_sale_entries" USING btree ("after_sale_id","entry_id");--> statement-breakpoint
CREATE INDEX "after_sale_events_after_sale_idx" ON "after_sale_events" USING btree ("after_sale_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_no" ON "after_sales" USING btree ("after_sale_no");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_platform_refund" ON "after_sales" USING btree ("shop_id","platform_refund_id","item_id") WHERE "after_sales"."platform_refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_request_key" ON "after_sales" USING btree ("org_id","request_key","item_id") WHERE "after_sales"."request_key" is not null;--> statement-breakpoint
CREATE INDEX "after_sales_org_status_created_idx" ON "after_sales" USING btree ("org_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "after_sales_org_created_idx" ON "after_sales" USING btree ("org_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "after_sales_org_return_waybill_idx" ON "after_sales" USING btree ("org_id","return_waybill_no");--> statement-breakpoint
CREATE INDEX "after_sales_org_order_idx" ON "after_sales" USING btree ("org_id","order_id");--> statement-breakpoint
CREATE INDEX "after_sales_item_idx" ON "after_sales" USING btree ("item_id");