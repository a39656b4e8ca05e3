DROP INDEX "courier_traces_seller_signed_idx";--> statement-breakpoint
DROP INDEX "courier_traces_purchaser_signed_idx";--> statement-breakpoint
CREATE INDEX "courier_traces_seller_signed_idx" ON "courier_traces" USING btree ("seller_org_id","signed_at" DESC NULLS FIRST) WHERE signed_at is not null;--> statement-breakpoint
CREATE INDEX "courier_traces_purchaser_signed_idx" ON "courier_traces" USING btree ("purchaser_org_id","signed_at" DESC NULLS FIRST) WHERE signed_at is not null;