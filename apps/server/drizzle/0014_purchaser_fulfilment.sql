CREATE SEQUENCE "public"."offline_return_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "declaration_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "declaration_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"declaration_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"stall" text NOT NULL,
	"supplier_id" integer,
	"art_no" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"receiver" jsonb,
	"remark" text DEFAULT '' NOT NULL,
	"order_id" bigint,
	"order_item_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "declarations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"declaration_no" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"delivery" text NOT NULL,
	"express_code" text,
	"remark" text DEFAULT '' NOT NULL,
	"line_count" integer NOT NULL,
	"quantity" integer NOT NULL,
	"goods_fen" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auto_intercept_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auto_intercept_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"platform_order_id" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"item_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfilment_platform_prices" (
	"key" text PRIMARY KEY NOT NULL,
	"fen" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fulfilment_settings" (
	"org_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfilment_settings_org_id_key_pk" PRIMARY KEY("org_id","key")
);
--> statement-breakpoint
CREATE TABLE "offline_return_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_return_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"purchaser_org_id" integer NOT NULL,
	"return_order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"supplier_id" integer,
	"stall_name" text DEFAULT '' NOT NULL,
	"market" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"stall_no" text DEFAULT '' NOT NULL,
	"manufacturer_address" text DEFAULT '' NOT NULL,
	"art_no" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"status" text,
	"picker_user_id" integer,
	"assigned_at" timestamp with time zone,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"service_fee_fen" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offline_return_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_return_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"return_order_id" bigint NOT NULL,
	"line_id" bigint,
	"operation" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_return_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_return_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"purchaser_org_id" integer NOT NULL,
	"return_no" text NOT NULL,
	"hand_delivered" boolean DEFAULT false NOT NULL,
	"courier_name" text DEFAULT '' NOT NULL,
	"waybill_no" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'WAIT_SIGNED' NOT NULL,
	"line_count" integer NOT NULL,
	"quantity" integer NOT NULL,
	"goods_fen" bigint NOT NULL,
	"registered_at" timestamp with time zone,
	"registered_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offline_return_parcels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offline_return_parcels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"waybill_no" text NOT NULL,
	"return_order_ids" bigint[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"registered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_backs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ship_backs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"shop_id" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"needs_reauth" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picking_marks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "picking_marks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"take_item_id" bigint NOT NULL,
	"picker_user_id" integer,
	"actor_user_id" integer,
	"result" text NOT NULL,
	"took_quantity" integer DEFAULT 0 NOT NULL,
	"price_fen" bigint,
	"note" text DEFAULT '' NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"refund_entry_id" bigint,
	"replenish_id" integer,
	"replenish_fen" bigint DEFAULT 0 NOT NULL,
	"goods_fen" bigint DEFAULT 0 NOT NULL,
	"commission_fen" bigint DEFAULT 0 NOT NULL,
	"settlement_line_id" integer,
	"state" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "take_auto_assign_settings" (
	"purchaser_org_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "take_down_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "take_down_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"run_id" bigint NOT NULL,
	"day" date NOT NULL,
	"stall_key" text NOT NULL,
	"stall_name" text NOT NULL,
	"market" text NOT NULL,
	"floor" text NOT NULL,
	"stall_no" text NOT NULL,
	"item_count" integer NOT NULL,
	"quantity" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "take_down_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "take_down_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"actor_user_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sorting_slots" (
	"purchaser_org_id" integer NOT NULL,
	"slot_no" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"seller_org_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_settings" (
	"purchaser_org_id" integer PRIMARY KEY NOT NULL,
	"slot_from" integer DEFAULT 1 NOT NULL,
	"slot_to" integer DEFAULT 300 NOT NULL,
	"sender_phone" text DEFAULT '' NOT NULL,
	"sender_address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waybills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waybills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"seller_org_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"courier_code" text NOT NULL,
	"tracking_no" text NOT NULL,
	"task_id" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"print_count" integer DEFAULT 0 NOT NULL,
	"printed_at" timestamp with time zone,
	"tracking_state" text,
	"tracking_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "down_batch_id" bigint;--> statement-breakpoint
ALTER TABLE "declaration_lines" ADD CONSTRAINT "declaration_lines_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaration_lines" ADD CONSTRAINT "declaration_lines_declaration_id_declarations_id_fk" FOREIGN KEY ("declaration_id") REFERENCES "public"."declarations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declarations" ADD CONSTRAINT "declarations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_intercept_logs" ADD CONSTRAINT "auto_intercept_logs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfilment_settings" ADD CONSTRAINT "fulfilment_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_return_lines" ADD CONSTRAINT "offline_return_lines_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_return_lines" ADD CONSTRAINT "offline_return_lines_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_return_lines" ADD CONSTRAINT "offline_return_lines_return_order_id_offline_return_orders_id_fk" FOREIGN KEY ("return_order_id") REFERENCES "public"."offline_return_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_return_orders" ADD CONSTRAINT "offline_return_orders_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_return_orders" ADD CONSTRAINT "offline_return_orders_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_return_parcels" ADD CONSTRAINT "offline_return_parcels_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ship_backs" ADD CONSTRAINT "ship_backs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picking_marks" ADD CONSTRAINT "picking_marks_take_item_id_take_items_id_fk" FOREIGN KEY ("take_item_id") REFERENCES "public"."take_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_auto_assign_settings" ADD CONSTRAINT "take_auto_assign_settings_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "take_down_batches" ADD CONSTRAINT "take_down_batches_run_id_take_down_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."take_down_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorting_slots" ADD CONSTRAINT "sorting_slots_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_settings" ADD CONSTRAINT "warehouse_settings_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waybills" ADD CONSTRAINT "waybills_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declaration_lines_decl_line" ON "declaration_lines" USING btree ("declaration_id","line_no");--> statement-breakpoint
CREATE INDEX "declaration_lines_org_idx" ON "declaration_lines" USING btree ("org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "declaration_lines_org_supplier_idx" ON "declaration_lines" USING btree ("org_id","supplier_id") WHERE "declaration_lines"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_no" ON "declarations" USING btree ("declaration_no");--> statement-breakpoint
CREATE INDEX "declarations_org_status_idx" ON "declarations" USING btree ("org_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auto_intercept_logs_org_idx" ON "auto_intercept_logs" USING btree ("org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "offline_return_lines_order_line" ON "offline_return_lines" USING btree ("return_order_id","line_no");--> statement-breakpoint
CREATE INDEX "offline_return_lines_purchaser_idx" ON "offline_return_lines" USING btree ("purchaser_org_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offline_return_lines_org_idx" ON "offline_return_lines" USING btree ("org_id","return_order_id");--> statement-breakpoint
CREATE INDEX "offline_return_logs_line_idx" ON "offline_return_logs" USING btree ("line_id","id");--> statement-breakpoint
CREATE INDEX "offline_return_logs_order_idx" ON "offline_return_logs" USING btree ("return_order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_return_orders_no" ON "offline_return_orders" USING btree ("return_no");--> statement-breakpoint
CREATE INDEX "offline_return_orders_org_idx" ON "offline_return_orders" USING btree ("org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offline_return_orders_waybill_idx" ON "offline_return_orders" USING btree ("purchaser_org_id","waybill_no");--> statement-breakpoint
CREATE INDEX "offline_return_parcels_org_idx" ON "offline_return_parcels" USING btree ("purchaser_org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "ship_backs_order" ON "ship_backs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ship_backs_org_status_idx" ON "ship_backs" USING btree ("org_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "picking_marks_one_active" ON "picking_marks" USING btree ("take_item_id") WHERE "picking_marks"."state" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "picking_marks_item_idx" ON "picking_marks" USING btree ("take_item_id","id");--> statement-breakpoint
CREATE INDEX "picking_marks_picker_day_idx" ON "picking_marks" USING btree ("purchaser_org_id","picker_user_id","created_at");--> statement-breakpoint
CREATE INDEX "take_down_batches_org_day_idx" ON "take_down_batches" USING btree ("purchaser_org_id","day","id");--> statement-breakpoint
CREATE INDEX "take_down_runs_org_idx" ON "take_down_runs" USING btree ("purchaser_org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sorting_slots_slot" ON "sorting_slots" USING btree ("purchaser_org_id","slot_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sorting_slots_order" ON "sorting_slots" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waybills_order" ON "waybills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waybills_courier_tracking" ON "waybills" USING btree ("courier_code","tracking_no");--> statement-breakpoint
CREATE INDEX "waybills_purchaser_idx" ON "waybills" USING btree ("purchaser_org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "waybills_tracking_due_idx" ON "waybills" USING btree ("tracking_checked_at") WHERE tracking_state is distinct from '3';--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_name_key" ON "roles" USING btree ("org_id","name");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "take_items_purchaser_id_idx" ON "take_items" USING btree ("purchaser_org_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "take_items_purchaser_picker_idx" ON "take_items" USING btree ("purchaser_org_id","assigned_user_id","assignment_status");