CREATE TABLE "receiver_decrypts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receiver_decrypts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"shop_id" integer NOT NULL,
	"platform_order_id" text NOT NULL,
	"purchaser_org_id" integer,
	"user_id" integer,
	"scene" text NOT NULL,
	"outcome" text NOT NULL,
	"platform_code" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybill_sources" (
	"purchaser_org_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waybill_sources_purchaser_org_id_shop_id_pk" PRIMARY KEY("purchaser_org_id","shop_id")
);
--> statement-breakpoint
ALTER TABLE "waybills" ADD COLUMN "platform_source" text;--> statement-breakpoint
ALTER TABLE "waybills" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "receiver_decrypts" ADD CONSTRAINT "receiver_decrypts_seller_org_id_organisations_id_fk" FOREIGN KEY ("seller_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybill_sources" ADD CONSTRAINT "waybill_sources_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receiver_decrypts_seller_idx" ON "receiver_decrypts" USING btree ("seller_org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "receiver_decrypts_order_idx" ON "receiver_decrypts" USING btree ("seller_org_id","order_no");