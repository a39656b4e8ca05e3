CREATE TABLE "headless_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "headless_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcel_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"purchaser_org_id" integer NOT NULL,
	"status" text NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"after_sale_no" text DEFAULT '' NOT NULL,
	"phone_tail" text DEFAULT '' NOT NULL,
	"goods_note" text DEFAULT '' NOT NULL,
	"dropship_order_id" bigint,
	"after_sale_id" bigint,
	"score" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "sender_phone_sealed" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "sender_phone_tail" text;--> statement-breakpoint
ALTER TABLE "headless_claims" ADD CONSTRAINT "headless_claims_parcel_id_problem_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."problem_parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headless_claims" ADD CONSTRAINT "headless_claims_seller_org_id_organisations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "headless_claims_open_uq" ON "headless_claims" USING btree ("parcel_id","seller_org_id") WHERE "headless_claims"."status" in ('PROPOSED', 'PENDING');--> statement-breakpoint
CREATE INDEX "headless_claims_seller_idx" ON "headless_claims" USING btree ("seller_org_id","status","id");--> statement-breakpoint
CREATE INDEX "headless_claims_parcel_idx" ON "headless_claims" USING btree ("parcel_id","id");