CREATE TABLE "stat_take_weekly_stall" (
	"purchaser_org_id" integer NOT NULL,
	"week" date NOT NULL,
	"picker_id" integer NOT NULL,
	"market_area" text NOT NULL,
	"stall_name" text NOT NULL,
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
	CONSTRAINT "stat_take_weekly_stall_pk" PRIMARY KEY("purchaser_org_id","week","picker_id","market_area","stall_name")
);
--> statement-breakpoint
-- Backfill: a week within a month sums the stall grain's days (no rebuild from the raw items).
INSERT INTO "stat_take_weekly_stall" ("purchaser_org_id","week","picker_id","market_area","stall_name","items","quantity","amount_fen","took","took_part","lack","next_day","stopped","took_quantity","took_fen","take_seconds","take_timed")
SELECT purchaser_org_id, greatest(date_trunc('week', day::timestamp), date_trunc('month', day::timestamp))::date, picker_id, market_area, stall_name,
  sum(items), sum(quantity), sum(amount_fen), sum(took), sum(took_part), sum(lack), sum(next_day), sum(stopped),
  sum(took_quantity), sum(took_fen), sum(take_seconds), sum(take_timed)
FROM "stat_take_daily_stall" GROUP BY 1, 2, 3, 4, 5 HAVING sum(items) <> 0;
