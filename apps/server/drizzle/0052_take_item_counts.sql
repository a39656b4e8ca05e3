CREATE TABLE "take_item_counts" (
	"purchaser_org_id" integer NOT NULL,
	"market_area" text NOT NULL,
	"printed" boolean NOT NULL,
	"assignment_status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "take_item_counts_purchaser_org_id_market_area_printed_assignment_status_pk" PRIMARY KEY("purchaser_org_id","market_area","printed","assignment_status")
);
--> statement-breakpoint
-- Backfill: the take items that exist before their writers keep these counters (decision 0041).
INSERT INTO "take_item_counts" ("purchaser_org_id","market_area","printed","assignment_status","n")
SELECT purchaser_org_id, market_area, print_count > 0, assignment_status, count(*) FROM "take_items" GROUP BY 1, 2, 3, 4;
