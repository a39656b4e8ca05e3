CREATE TABLE "courier_traces" (
	"waybill_id" bigint PRIMARY KEY NOT NULL,
	"seller_org_id" integer NOT NULL,
	"purchaser_org_id" integer NOT NULL,
	"courier_code" text NOT NULL,
	"tracking_no" text NOT NULL,
	"state" text DEFAULT '1' NOT NULL,
	"signed_at" timestamp with time zone,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_event_at" timestamp with time zone,
	"problem" text,
	"polled_at" timestamp with time zone,
	"pushed_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_traces" ADD CONSTRAINT "courier_traces_waybill_id_waybills_id_fk" FOREIGN KEY ("waybill_id") REFERENCES "public"."waybills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_traces_tracking_idx" ON "courier_traces" USING btree ("tracking_no");--> statement-breakpoint
CREATE INDEX "courier_traces_seller_signed_idx" ON "courier_traces" USING btree ("seller_org_id","signed_at" DESC NULLS LAST) WHERE signed_at is not null;--> statement-breakpoint
CREATE INDEX "courier_traces_purchaser_signed_idx" ON "courier_traces" USING btree ("purchaser_org_id","signed_at" DESC NULLS LAST) WHERE signed_at is not null;--> statement-breakpoint
CREATE INDEX "courier_traces_seller_problem_idx" ON "courier_traces" USING btree ("seller_org_id") WHERE problem is not null;--> statement-breakpoint
CREATE INDEX "courier_traces_purchaser_problem_idx" ON "courier_traces" USING btree ("purchaser_org_id") WHERE problem is not null;--> statement-breakpoint
CREATE INDEX "dropship_orders_org_created_idx" ON "dropship_orders" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "dropship_orders_org_paid_idx" ON "dropship_orders" USING btree ("org_id","paid_at","total_fen") WHERE "dropship_orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "dropship_orders_org_delivered_idx" ON "dropship_orders" USING btree ("org_id","delivered_at") WHERE "dropship_orders"."delivered_at" is not null;--> statement-breakpoint
CREATE INDEX "take_items_purchaser_took_idx" ON "take_items" USING btree ("purchaser_org_id","took_at") WHERE took_at is not null;--> statement-breakpoint
CREATE INDEX "waybills_tracking_idx" ON "waybills" USING btree ("tracking_no");--> statement-breakpoint
CREATE INDEX "waybills_purchaser_created_idx" ON "waybills" USING btree ("purchaser_org_id","created_at");