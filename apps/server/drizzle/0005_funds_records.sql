CREATE TABLE "royalty_relations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "royalty_relations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"receiver_type" text DEFAULT 'loginName' NOT NULL,
	"account" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'BOUND' NOT NULL,
	"bind_request_no" text NOT NULL,
	"unbind_request_no" text,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "royalty_settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "royalty_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"relation_id" integer NOT NULL,
	"business_id" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"out_request_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"batch_no" text NOT NULL,
	"name" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"threshold_fen" bigint DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'OPERATOR' NOT NULL,
	"status" text DEFAULT 'UNUSED' NOT NULL,
	"business_id" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_amount_positive" CHECK ("coupons"."amount_fen" > 0),
	CONSTRAINT "coupons_threshold_not_negative" CHECK ("coupons"."threshold_fen" >= 0),
	CONSTRAINT "coupons_status_known" CHECK ("coupons"."status" in ('UNUSED', 'USED'))
);
--> statement-breakpoint
CREATE TABLE "legacy_balances" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"amount_fen" bigint NOT NULL,
	"migrated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_balances_amount_not_negative" CHECK ("legacy_balances"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "replenish_details" (
	"replenish_id" integer PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"purpose" text DEFAULT 'UPDATE_PRICE' NOT NULL,
	"order_no" text
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"picker_user_id" integer,
	"supplier_name" text NOT NULL,
	"business_id" text NOT NULL,
	"kind" text DEFAULT 'TAKE' NOT NULL,
	"goods_fen" bigint NOT NULL,
	"commission_fen" bigint DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlement_lines_commission_not_negative" CHECK ("settlement_lines"."commission_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "royalty_relations" ADD CONSTRAINT "royalty_relations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD CONSTRAINT "royalty_settlements_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "royalty_settlements" ADD CONSTRAINT "royalty_settlements_relation_id_royalty_relations_id_fk" FOREIGN KEY ("relation_id") REFERENCES "public"."royalty_relations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_balances" ADD CONSTRAINT "legacy_balances_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenish_details" ADD CONSTRAINT "replenish_details_replenish_id_replenish_requests_id_fk" FOREIGN KEY ("replenish_id") REFERENCES "public"."replenish_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenish_details" ADD CONSTRAINT "replenish_details_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_picker_user_id_users_id_fk" FOREIGN KEY ("picker_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_relations_one_bound_key" ON "royalty_relations" USING btree ("org_id") WHERE "royalty_relations"."status" = 'BOUND';--> statement-breakpoint
CREATE INDEX "royalty_relations_org_idx" ON "royalty_relations" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "royalty_settlements_org_idx" ON "royalty_settlements" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "royalty_settlements_request_key" ON "royalty_settlements" USING btree ("org_id","out_request_no");--> statement-breakpoint
CREATE INDEX "coupons_org_status_expire_idx" ON "coupons" USING btree ("org_id","status","expire_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_org_business_used_key" ON "coupons" USING btree ("org_id","business_id") WHERE "coupons"."status" = 'USED';--> statement-breakpoint
CREATE INDEX "replenish_details_org_purpose_idx" ON "replenish_details" USING btree ("org_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_business_key" ON "settlement_lines" USING btree ("org_id","business_id","kind");--> statement-breakpoint
CREATE INDEX "settlement_lines_org_time_idx" ON "settlement_lines" USING btree ("org_id","occurred_at");--> statement-breakpoint
CREATE INDEX "settlement_lines_org_picker_time_idx" ON "settlement_lines" USING btree ("org_id","picker_user_id","occurred_at");