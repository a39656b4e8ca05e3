CREATE TABLE "problem_parcel_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "problem_parcel_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"parcel_id" integer NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"pay_method" text NOT NULL,
	"status" text DEFAULT 'WAITING_PAYMENT' NOT NULL,
	"trade_no" text,
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "receiver_name" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "receiver_phone" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "receiver_province" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "receiver_city" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "receiver_district" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "receiver_address" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "receiver_sealed" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "express_code" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "express_name" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "freight_fen" integer;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "freight_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "send_back_waybill_no" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "send_back_courier_name" text;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "send_backed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "problem_parcels" ADD COLUMN "reminded_days" integer;--> statement-breakpoint
ALTER TABLE "problem_parcel_payments" ADD CONSTRAINT "problem_parcel_payments_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_parcel_payments" ADD CONSTRAINT "problem_parcel_payments_parcel_id_problem_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."problem_parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "problem_parcel_payments_out_trade_no" ON "problem_parcel_payments" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "problem_parcel_payments_parcel_idx" ON "problem_parcel_payments" USING btree ("parcel_id");