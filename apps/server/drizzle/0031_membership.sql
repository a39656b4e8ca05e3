CREATE TABLE "member_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"term_days" integer NOT NULL,
	"price_fen" bigint NOT NULL,
	"service_fee_percent" integer DEFAULT 100 NOT NULL,
	"service_fee_off_per_item_fen" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_name" text NOT NULL,
	"term_days" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"pay_method" text NOT NULL,
	"status" text DEFAULT 'WAITING_PAYMENT' NOT NULL,
	"request_key" text NOT NULL,
	"out_trade_no" text,
	"trade_no" text,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"plan_id" integer,
	"plan_name" text DEFAULT '' NOT NULL,
	"service_fee_percent" integer DEFAULT 100 NOT NULL,
	"service_fee_off_per_item_fen" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dropship_orders" ADD COLUMN "member_fee_off_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_purchases" ADD CONSTRAINT "member_purchases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_purchases" ADD CONSTRAINT "member_purchases_plan_id_member_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."member_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_member_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."member_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_plans_status_idx" ON "member_plans" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_purchases_request_key_uq" ON "member_purchases" USING btree ("org_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_purchases_out_trade_no_uq" ON "member_purchases" USING btree ("out_trade_no") WHERE "member_purchases"."out_trade_no" is not null;--> statement-breakpoint
CREATE INDEX "member_purchases_org_idx" ON "member_purchases" USING btree ("org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "memberships_expires_idx" ON "memberships" USING btree ("expires_at");