CREATE TABLE "custom_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"supplier_id" integer,
	"art_no" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"cost_fen" bigint,
	"pic_url" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_link_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_link_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"pattern" text NOT NULL,
	"supplier_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"shop_sku_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"supplier_item_id" bigint NOT NULL,
	"art_no" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"cost_fen" bigint,
	"source" text NOT NULL,
	"rule_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shop_sku_backfills" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_skus" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_skus_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"channel" text NOT NULL,
	"item_id" text DEFAULT '' NOT NULL,
	"sku_key" text NOT NULL,
	"sku_id" text,
	"shop_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"spec" text DEFAULT '' NOT NULL,
	"outer_item_code" text DEFAULT '' NOT NULL,
	"outer_sku_code" text DEFAULT '' NOT NULL,
	"pic_url" text DEFAULT '' NOT NULL,
	"current_link_id" bigint,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stall_directory" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stall_directory_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"market" text DEFAULT '' NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"stall_no" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"market_area" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ENABLED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"art_no" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"cost_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"shop_id" integer,
	"shop_name" text,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "directory_id" integer;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "market" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "building" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "floor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "stall_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "market_area" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "status" text DEFAULT 'ENABLED' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "access_token_enc" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_token_enc" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "gateway_url" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "oauth_url" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "app_key" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "app_secret_enc" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "sync_cursor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "sync_state" text DEFAULT 'IDLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "sync_progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "sync_seen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "sync_written" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "sync_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "last_sync_result" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "last_sync_error" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "custom_goods" ADD CONSTRAINT "custom_goods_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_goods" ADD CONSTRAINT "custom_goods_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_link_rules" ADD CONSTRAINT "goods_link_rules_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_link_rules" ADD CONSTRAINT "goods_link_rules_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_links" ADD CONSTRAINT "goods_links_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_links" ADD CONSTRAINT "goods_links_shop_sku_id_shop_skus_id_fk" FOREIGN KEY ("shop_sku_id") REFERENCES "public"."shop_skus"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_links" ADD CONSTRAINT "goods_links_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_links" ADD CONSTRAINT "goods_links_supplier_item_id_supplier_items_id_fk" FOREIGN KEY ("supplier_item_id") REFERENCES "public"."supplier_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_sku_backfills" ADD CONSTRAINT "shop_sku_backfills_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_current_link_id_goods_links_id_fk" FOREIGN KEY ("current_link_id") REFERENCES "public"."goods_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_items" ADD CONSTRAINT "supplier_items_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_items" ADD CONSTRAINT "supplier_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_oauth_states" ADD CONSTRAINT "shop_oauth_states_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_oauth_states" ADD CONSTRAINT "shop_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_oauth_states" ADD CONSTRAINT "shop_oauth_states_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_goods_org_idx" ON "custom_goods" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "goods_link_rules_org_idx" ON "goods_link_rules" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_links_sku_version" ON "goods_links" USING btree ("shop_sku_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_links_current" ON "goods_links" USING btree ("shop_sku_id") WHERE "goods_links"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "goods_links_item_current" ON "goods_links" USING btree ("org_id","supplier_item_id") WHERE "goods_links"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_skus_identity" ON "shop_skus" USING btree ("org_id","channel","item_id","sku_key");--> statement-breakpoint
CREATE INDEX "shop_skus_org_idx" ON "shop_skus" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "shop_skus_org_unlinked_idx" ON "shop_skus" USING btree ("org_id","id") WHERE "shop_skus"."current_link_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stall_directory_stall" ON "stall_directory" USING btree ("market","building","floor","stall_no","name");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_items_identity" ON "supplier_items" USING btree ("org_id","supplier_id","art_no","color","size");--> statement-breakpoint
CREATE INDEX "supplier_items_org_idx" ON "supplier_items" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "shop_oauth_states_expires_idx" ON "shop_oauth_states" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_directory_id_stall_directory_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."stall_directory"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_org_stall" ON "suppliers" USING btree ("org_id","market","building","floor","stall_no","name");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_org_code" ON "suppliers" USING btree ("org_id",lower("code")) WHERE "suppliers"."code" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "shops_org_platform_shop_key" ON "shops" USING btree ("org_id","channel","platform_shop_id") WHERE platform_shop_id is not null;--> statement-breakpoint
CREATE INDEX "shops_sync_due_idx" ON "shops" USING btree ("sync_started_at") WHERE auth_state = 'AUTHORIZED' and removed_at is null and channel <> 'OTHER';--> statement-breakpoint
CREATE INDEX "shops_token_expiry_idx" ON "shops" USING btree ("token_expires_at") WHERE auth_state = 'AUTHORIZED' and removed_at is null and refresh_token_enc is not null;