CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_user_id" integer,
	"actor_org_id" integer,
	"action" text NOT NULL,
	"target_org_id" integer,
	"summary" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invite_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"purchaser_org_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"hint" text NOT NULL,
	"max_uses" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phone_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"scene" text NOT NULL,
	"code_hash" text NOT NULL,
	"ip" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"biz_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "state" text DEFAULT 'ENABLED' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "warehouse_address" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "market_areas" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "support_operator_id" integer;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_purchaser_org_id_organisations_id_fk" FOREIGN KEY ("purchaser_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_codes" ADD CONSTRAINT "invite_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_target_idx" ON "audit_logs" USING btree ("target_org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "invite_codes_hash_key" ON "invite_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "invite_codes_org_idx" ON "invite_codes" USING btree ("purchaser_org_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","scene","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_ip_idx" ON "phone_codes" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_org_idx" ON "sessions" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone");