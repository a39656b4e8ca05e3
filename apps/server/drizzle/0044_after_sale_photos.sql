ALTER TABLE "parcel_photos" ALTER COLUMN "parcel_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD COLUMN "after_sale_id" bigint;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD CONSTRAINT "parcel_photos_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;