CREATE TABLE "after_sale_status_counts" (
	"org_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "after_sale_status_counts_org_id_status_pk" PRIMARY KEY("org_id","status")
);
--> statement-breakpoint
-- Backfill: the after-sales that exist before insertAfterSale and moveAfterSale keep the counters (decision 0041).
INSERT INTO "after_sale_status_counts" ("org_id","status","n")
SELECT org_id, status, count(*) FROM "after_sales" GROUP BY org_id, status;
--> statement-breakpoint
CREATE TABLE "take_assignment_counts" (
	"purchaser_org_id" integer NOT NULL,
	"assignment_status" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "take_assignment_counts_purchaser_org_id_assignment_status_pk" PRIMARY KEY("purchaser_org_id","assignment_status")
);
--> statement-breakpoint
-- Backfill: the take items that exist before their writers keep the counters (decision 0041).
INSERT INTO "take_assignment_counts" ("purchaser_org_id","assignment_status","n")
SELECT purchaser_org_id, assignment_status, count(*) FROM "take_items" GROUP BY purchaser_org_id, assignment_status;
