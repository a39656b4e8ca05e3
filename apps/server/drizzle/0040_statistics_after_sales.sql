CREATE TABLE "stat_after_sale_daily" (
	"seller_org_id" integer NOT NULL,
	"purchaser_org_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"stall_name" text NOT NULL,
	"art_no" text NOT NULL,
	"reason" text NOT NULL,
	"type" text NOT NULL,
	"cases" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_after_sale_daily_pk" PRIMARY KEY("seller_org_id","day","purchaser_org_id","shop_id","stall_name","art_no","reason","type")
);
--> statement-breakpoint
CREATE INDEX "stat_after_sale_daily_purchaser_idx" ON "stat_after_sale_daily" USING btree ("purchaser_org_id","day");--> statement-breakpoint
-- Backfill: the after-sales that exist before the writers keep the rollup (the same sums as return-rollup.repository.ts).
INSERT INTO "stat_after_sale_daily" ("seller_org_id","purchaser_org_id","day","shop_id","stall_name","art_no","reason","type","cases","quantity","returned","finished","refund_fen","refunded_fen")
SELECT a.org_id, coalesce(a.purchaser_org_id, 0), (a.created_at at time zone 'Asia/Shanghai')::date, coalesce(a.shop_id, 0),
  coalesce(i.stall_name, ''), coalesce(i.art_no, ''), a.reason, a.type,
  count(*), sum(a.quantity), count(*) filter (where a.return_status is not null), count(*) filter (where a.finished_at is not null),
  sum(a.refund_fen), sum(a.refunded_fen)
FROM "after_sales" a LEFT JOIN "dropship_order_items" i ON i.id = a.item_id GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
