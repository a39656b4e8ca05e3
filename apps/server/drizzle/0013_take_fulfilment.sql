CREATE TABLE "take_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "take_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"take_item_id" bigint NOT NULL,
	"operation" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "unit_cost_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "print_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "took_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "took_price_fen" bigint;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "took_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "take_items" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "take_logs" ADD CONSTRAINT "take_logs_take_item_id_take_items_id_fk" FOREIGN KEY ("take_item_id") REFERENCES "public"."take_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "take_logs_item_idx" ON "take_logs" USING btree ("take_item_id","id");--> statement-breakpoint
CREATE INDEX "take_logs_org_idx" ON "take_logs" USING btree ("purchaser_org_id","id" DESC NULLS LAST);