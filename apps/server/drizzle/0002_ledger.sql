CREATE TABLE "accounts" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"available_fen" bigint DEFAULT 0 NOT NULL,
	"frozen_fen" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_available_not_negative" CHECK ("accounts"."available_fen" >= 0),
	CONSTRAINT "accounts_frozen_not_negative" CHECK ("accounts"."frozen_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" integer NOT NULL,
	"transaction_type" text NOT NULL,
	"purpose" text NOT NULL,
	"available_delta_fen" bigint NOT NULL,
	"frozen_delta_fen" bigint DEFAULT 0 NOT NULL,
	"available_after_fen" bigint NOT NULL,
	"frozen_after_fen" bigint NOT NULL,
	"business_id" text,
	"request_key" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_request_key" ON "ledger_entries" USING btree ("org_id","request_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_org_created_idx" ON "ledger_entries" USING btree ("org_id","id");