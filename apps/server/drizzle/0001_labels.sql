CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"title" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"category_name" text DEFAULT '' NOT NULL,
	"art_no" text DEFAULT '' NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"product_level" text DEFAULT '' NOT NULL,
	"fabric_composition" text DEFAULT '' NOT NULL,
	"enforce_standards" text DEFAULT '' NOT NULL,
	"safety_category" text DEFAULT '' NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"washed_label_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tag_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'pickup' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"template" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_templates" ADD CONSTRAINT "tag_templates_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_org_updated_idx" ON "certificates" USING btree ("org_id","updated_at");--> statement-breakpoint
CREATE INDEX "tag_templates_org_idx" ON "tag_templates" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_templates_org_default_uq" ON "tag_templates" USING btree ("org_id") WHERE is_default;