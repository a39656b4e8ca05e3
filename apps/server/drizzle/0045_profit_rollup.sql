CREATE TABLE "stat_profit_daily" (
	"org_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"channel" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"no_sale" integer DEFAULT 0 NOT NULL,
	"sale_fen" bigint DEFAULT 0 NOT NULL,
	"goods_fen" bigint DEFAULT 0 NOT NULL,
	"express_fen" bigint DEFAULT 0 NOT NULL,
	"service_fen" bigint DEFAULT 0 NOT NULL,
	"back_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_profit_daily_pk" PRIMARY KEY("org_id","day","shop_id","channel")
);
--> statement-breakpoint
CREATE TABLE "stat_profit_dirty" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stat_profit_dirty_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"order_id" bigint,
	"shop_order_item_id" bigint
);
--> statement-breakpoint
CREATE TABLE "stat_profit_marks" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"ledger_entry_id" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stat_profit_orders" (
	"org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"channel" text NOT NULL,
	"no_sale" boolean NOT NULL,
	"sale_fen" bigint DEFAULT 0 NOT NULL,
	"goods_fen" bigint DEFAULT 0 NOT NULL,
	"express_fen" bigint DEFAULT 0 NOT NULL,
	"service_fen" bigint DEFAULT 0 NOT NULL,
	"back_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_profit_orders_pk" PRIMARY KEY("org_id","order_id")
);
--> statement-breakpoint
CREATE INDEX "stat_profit_dirty_org_idx" ON "stat_profit_dirty" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "stat_profit_orders_day_idx" ON "stat_profit_orders" USING btree ("org_id","day","order_id");--> statement-breakpoint
CREATE INDEX "stat_profit_orders_shop_day_idx" ON "stat_profit_orders" USING btree ("org_id","shop_id","day","order_id");--> statement-breakpoint
CREATE INDEX "dropship_order_entries_entry_idx" ON "dropship_order_entries" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "dropship_order_items_shop_line_idx" ON "dropship_order_items" USING btree ("shop_order_item_id") WHERE "dropship_order_items"."shop_order_item_id" is not null;--> statement-breakpoint
-- 利润统计 (decision 0038): the changes to a paid order's profit that move none of the seller's money
-- (its money is followed by the ledger watermark) are queued here, in the writer's transaction.
CREATE FUNCTION "stat_profit_dirty_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "stat_profit_dirty" ("org_id", "order_id") VALUES (NEW."org_id", NEW."id");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stat_profit_dirty_order_paid" AFTER INSERT ON "dropship_orders"
	FOR EACH ROW WHEN (NEW."paid_at" IS NOT NULL) EXECUTE FUNCTION "stat_profit_dirty_order"();--> statement-breakpoint
CREATE TRIGGER "stat_profit_dirty_order_changed" AFTER UPDATE ON "dropship_orders"
	FOR EACH ROW WHEN (NEW."paid_at" IS NOT NULL AND (
		(OLD."paid_at", OLD."total_fen", OLD."express_fee_fen", OLD."service_fee_fen", OLD."speed_fee_fen", OLD."discount_fen",
			OLD."shop_order_id", OLD."shop_id", OLD."channel")
		IS DISTINCT FROM
		(NEW."paid_at", NEW."total_fen", NEW."express_fee_fen", NEW."service_fee_fen", NEW."speed_fee_fen", NEW."discount_fen",
			NEW."shop_order_id", NEW."shop_id", NEW."channel")
		OR (OLD."status" IS DISTINCT FROM NEW."status" AND NEW."status" = 'CANCELED')))
	EXECUTE FUNCTION "stat_profit_dirty_order"();--> statement-breakpoint
CREATE FUNCTION "stat_profit_dirty_shop_line"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "stat_profit_dirty" ("org_id", "shop_order_item_id") VALUES (NEW."org_id", NEW."id");
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stat_profit_dirty_shop_line_paid" AFTER UPDATE OF "payment_fen" ON "shop_order_items"
	FOR EACH ROW WHEN (OLD."payment_fen" IS DISTINCT FROM NEW."payment_fen") EXECUTE FUNCTION "stat_profit_dirty_shop_line"();
