CREATE TABLE "stat_take_daily" (
	"purchaser_org_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"day" date NOT NULL,
	"picker_id" integer NOT NULL,
	"market_area" text NOT NULL,
	"stall_name" text NOT NULL,
	"art_no" text NOT NULL,
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
	CONSTRAINT "stat_take_daily_pk" PRIMARY KEY("purchaser_org_id","day","seller_org_id","picker_id","market_area","stall_name","art_no")
);
--> statement-breakpoint
CREATE TABLE "stat_take_daily_area" (
	"purchaser_org_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"day" date NOT NULL,
	"picker_id" integer NOT NULL,
	"market_area" text NOT NULL,
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
	CONSTRAINT "stat_take_daily_area_pk" PRIMARY KEY("purchaser_org_id","day","seller_org_id","picker_id","market_area")
);
--> statement-breakpoint
CREATE INDEX "stat_take_daily_seller_idx" ON "stat_take_daily" USING btree ("seller_org_id","day");--> statement-breakpoint
CREATE INDEX "stat_take_daily_area_seller_idx" ON "stat_take_daily_area" USING btree ("seller_org_id","day");--> statement-breakpoint
CREATE INDEX "take_items_purchaser_created_idx" ON "take_items" USING btree ("purchaser_org_id","created_at");
--> statement-breakpoint
-- Backfill: both grains of the take items that exist before the writers keep them (the same sums as rollup.repository.ts).
INSERT INTO "stat_take_daily" ("purchaser_org_id","seller_org_id","day","picker_id","market_area","stall_name","art_no","items","quantity","amount_fen","took","took_part","lack","next_day","stopped","took_quantity","took_fen","take_seconds","take_timed")
SELECT t.purchaser_org_id, t.seller_org_id, (t.created_at at time zone 'Asia/Shanghai')::date, coalesce(t.assigned_user_id, 0), t.market_area, t.stall_name, t.art_no,
  count(*), sum(t.quantity), sum(t.quantity::bigint * t.unit_cost_fen),
  count(*) filter (where t.taking_status = 'TOOK'), count(*) filter (where t.taking_status = 'TOOK_PART'),
  count(*) filter (where t.taking_status = 'E_LACK_TAKING'), count(*) filter (where t.taking_status = 'E_NEXT_TAKING'),
  count(*) filter (where t.assignment_status in ('CLOSE', 'E_STOP_TAKING', 'E_STOP_PRODUCTION')),
  sum(t.took_quantity), sum(t.took_quantity::bigint * coalesce(t.took_price_fen, 0)),
  coalesce(sum(floor(extract(epoch from t.took_at - t.assigned_at))::bigint) filter (where t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null), 0),
  count(*) filter (where t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null)
FROM "take_items" t GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
INSERT INTO "stat_take_daily_area" ("purchaser_org_id","seller_org_id","day","picker_id","market_area","items","quantity","amount_fen","took","took_part","lack","next_day","stopped","took_quantity","took_fen","take_seconds","take_timed")
SELECT t.purchaser_org_id, t.seller_org_id, (t.created_at at time zone 'Asia/Shanghai')::date, coalesce(t.assigned_user_id, 0), t.market_area,
  count(*), sum(t.quantity), sum(t.quantity::bigint * t.unit_cost_fen),
  count(*) filter (where t.taking_status = 'TOOK'), count(*) filter (where t.taking_status = 'TOOK_PART'),
  count(*) filter (where t.taking_status = 'E_LACK_TAKING'), count(*) filter (where t.taking_status = 'E_NEXT_TAKING'),
  count(*) filter (where t.assignment_status in ('CLOSE', 'E_STOP_TAKING', 'E_STOP_PRODUCTION')),
  sum(t.took_quantity), sum(t.took_quantity::bigint * coalesce(t.took_price_fen, 0)),
  coalesce(sum(floor(extract(epoch from t.took_at - t.assigned_at))::bigint) filter (where t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null), 0),
  count(*) filter (where t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null)
FROM "take_items" t GROUP BY 1, 2, 3, 4, 5;
