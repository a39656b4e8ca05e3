CREATE TABLE "stat_take_daily_shop" (
	"purchaser_org_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"took" integer DEFAULT 0 NOT NULL,
	"took_part" integer DEFAULT 0 NOT NULL,
	"lack" integer DEFAULT 0 NOT NULL,
	"next_day" integer DEFAULT 0 NOT NULL,
	"stopped" integer DEFAULT 0 NOT NULL,
	"took_quantity" integer DEFAULT 0 NOT NULL,
	"took_fen" bigint DEFAULT 0 NOT NULL,
	"take_seconds" bigint DEFAULT 0 NOT NULL,
	"take_timed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_take_daily_shop_pk" PRIMARY KEY("seller_org_id","day","shop_id","purchaser_org_id")
);
--> statement-breakpoint
ALTER TABLE "stat_after_sale_daily" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "stat_take_daily_shop_purchaser_idx" ON "stat_take_daily_shop" USING btree ("purchaser_org_id","day");--> statement-breakpoint
-- Backfill: the shop grain of the take items that exist before the writers keep it (the same sums as rollup.repository.ts, the shop through the order).
INSERT INTO "stat_take_daily_shop" ("purchaser_org_id","seller_org_id","day","shop_id","items","quantity","amount_fen","took","took_part","lack","next_day","stopped","took_quantity","took_fen","take_seconds","take_timed")
SELECT t.purchaser_org_id, t.seller_org_id, (t.created_at at time zone 'Asia/Shanghai')::date, coalesce(o.shop_id, 0),
  count(*), sum(t.quantity), sum(t.quantity::bigint * t.unit_cost_fen),
  count(*) filter (where t.taking_status = 'TOOK'), count(*) filter (where t.taking_status = 'TOOK_PART'),
  count(*) filter (where t.taking_status = 'E_LACK_TAKING'), count(*) filter (where t.taking_status = 'E_NEXT_TAKING'),
  count(*) filter (where t.assignment_status in ('CLOSE', 'E_STOP_TAKING', 'E_STOP_PRODUCTION')),
  sum(t.took_quantity), sum(t.took_quantity::bigint * coalesce(t.took_price_fen, 0)),
  coalesce(sum(floor(extract(epoch from t.took_at - t.assigned_at))::bigint) filter (where t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null), 0),
  count(*) filter (where t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null)
FROM "take_items" t LEFT JOIN "dropship_orders" o ON o.id = t.order_id GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Backfill: the new returned quantity of the after-sale rollup, per existing bucket (the same keys as return-rollup.repository.ts).
UPDATE "stat_after_sale_daily" d SET "returned_quantity" = x.q
FROM (
  SELECT a.org_id AS seller_org_id, coalesce(a.purchaser_org_id, 0) AS purchaser_org_id, (a.created_at at time zone 'Asia/Shanghai')::date AS day,
    coalesce(a.shop_id, 0) AS shop_id, coalesce(i.stall_name, '') AS stall_name, coalesce(i.art_no, '') AS art_no, a.reason, a.type,
    sum(a.quantity) filter (where a.return_status is not null) AS q
  FROM "after_sales" a LEFT JOIN "dropship_order_items" i ON i.id = a.item_id GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
) x
WHERE x.q IS NOT NULL AND d.seller_org_id = x.seller_org_id AND d.purchaser_org_id = x.purchaser_org_id AND d.day = x.day AND d.shop_id = x.shop_id
  AND d.stall_name = x.stall_name AND d.art_no = x.art_no AND d.reason = x.reason AND d.type = x.type;
