CREATE TABLE "order_import_pages" (
	"job_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	"page_no" integer NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "order_import_pages_job_id_page_no_pk" PRIMARY KEY("job_id","page_no")
);
--> statement-breakpoint
CREATE TABLE "order_import_split_orders" (
	"job_id" integer NOT NULL,
	"order_key" text NOT NULL,
	CONSTRAINT "order_import_split_orders_job_id_order_key_pk" PRIMARY KEY("job_id","order_key")
);
--> statement-breakpoint
DROP INDEX "order_import_rows_order_idx";--> statement-breakpoint
DROP INDEX "order_import_rows_error_idx";--> statement-breakpoint
ALTER TABLE "order_import_pages" ADD CONSTRAINT "order_import_pages_job_id_order_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."order_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_import_pages" ADD CONSTRAINT "order_import_pages_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_import_split_orders" ADD CONSTRAINT "order_import_split_orders_job_id_order_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."order_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Previews stored before this version, one record per row: the rows whose receiver is masked with its
-- sealed copy beside (plain JSON) become pages of 500 rows in file order, plain JSON without the sealed
-- copy (what the preview list shows); the other good rows (sealed whole, or plain from before the
-- vault) are dropped. Bad rows stay one record each, without a sealed copy.
INSERT INTO "order_import_pages" ("job_id", "org_id", "page_no", "rows")
SELECT "job_id", "org_id", ("n" - 1) / 500,
  json_agg(json_build_object('rowNo', "row_no", 'orderKey', "order_key", 'data', "doc" - 'receiverSealed' - 'receiverKey', 'error', "error") ORDER BY "row_no")::text
FROM (
  SELECT "job_id", "org_id", "row_no", "order_key", "error", "doc", row_number() OVER (PARTITION BY "job_id" ORDER BY "row_no") AS "n"
  FROM (SELECT r.*, CASE WHEN left(r."data", 1) = '{' THEN r."data"::jsonb END AS "doc" FROM "order_import_rows" r) s
  WHERE "doc" -> 'receiverSealed' IS NOT NULL
) x
GROUP BY "job_id", "org_id", ("n" - 1) / 500;--> statement-breakpoint
DELETE FROM "order_import_rows" WHERE "error" IS NULL;--> statement-breakpoint
UPDATE "order_import_rows" SET "data" = ("data"::jsonb - 'receiverSealed' - 'receiverKey')::text WHERE left("data", 1) = '{';--> statement-breakpoint
-- A preview awaiting confirmation (or an import under way) cannot be imported from masked rows.
UPDATE "order_import_jobs" SET "status" = 'FAILED', "message" = '系统已升级，升级前解析的文件需重新上传后再导入', "finished_at" = now()
WHERE "status" IN ('PREVIEW', 'IMPORTING');
