CREATE SEQUENCE "public"."problem_parcel_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "parcel_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcel_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcel_id" integer NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_parcel_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "problem_parcel_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parcel_id" integer NOT NULL,
	"operation" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problem_parcels" ALTER COLUMN "org_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "kind" text DEFAULT 'PROBLEM' NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "purchaser_org_id" integer;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "source" text DEFAULT 'INSPECTION' NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "barcode_no" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "return_courier_name" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "goods" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "dropship_order_id" bigint;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD CONSTRAINT "parcel_photos_parcel_id_problem_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."problem_parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_parcel_events" ADD CONSTRAINT "problem_parcel_events_parcel_id_problem_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."problem_parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_photos_parcel_idx" ON "parcel_photos" USING btree ("parcel_id");--> statement-breakpoint
CREATE INDEX "problem_parcel_events_parcel_idx" ON "problem_parcel_events" USING btree ("parcel_id","id");--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD CONSTRAINT "problem_parcels_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "problem_parcels_purchaser_kind_status_idx" ON "problem_parcels" USING btree ("purchaser_org_id","kind","status","created_at");--> statement-breakpoint
CREATE INDEX "problem_parcels_tracking_idx" ON "problem_parcels" USING btree ("tracking_no");--> statement-breakpoint
CREATE UNIQUE INDEX "problem_parcels_barcode_uq" ON "problem_parcels" USING btree ("barcode_no");--> statement-breakpoint
UPDATE "problem_parcels" p SET "purchaser_org_id" = a."purchaser_org_id", "dropship_order_id" = a."order_id" FROM "after_sales" a WHERE a."id" = p."after_sale_id" AND p."purchaser_org_id" IS NULL;
