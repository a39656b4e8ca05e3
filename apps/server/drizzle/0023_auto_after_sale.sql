CREATE TABLE "auto_after_sale_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_after_sale_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"after_sale_id" bigint NOT NULL,
	"rule" text,
	"result" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_after_sale_rules" (
	"org_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"unshipped_refund_agree" boolean DEFAULT false NOT NULL,
	"shipped_return_create" boolean DEFAULT false NOT NULL,
	"max_refund_fen" bigint,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_after_sale_rules_org_id_shop_id_pk" PRIMARY KEY("org_id","shop_id")
);
--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD COLUMN "return_courier_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_refunds" ADD COLUMN "return_waybill_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_after_sale_logs" ADD CONSTRAINT "auto_after_sale_logs_after_sale_id_after_sales_id_fk" FOREIGN KEY ("after_sale_id") REFERENCES "public"."after_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_after_sale_rules" ADD CONSTRAINT "auto_after_sale_rules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auto_after_sale_logs_after_sale" ON "auto_after_sale_logs" USING btree ("after_sale_id");--> statement-breakpoint
CREATE INDEX "auto_after_sale_logs_org_created_idx" ON "auto_after_sale_logs" USING btree ("org_id","created_at" DESC NULLS LAST);