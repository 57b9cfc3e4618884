CREATE TABLE "listing_view_counts" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_view_counts" ADD CONSTRAINT "listing_view_counts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_live_make_order_idx" ON "listings" USING btree ("make_id","listing_type_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_make_year_idx" ON "listings" USING btree ("make_id","year") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
-- The views counted so far move beside the listings (see listingViewCounts in the schema).
INSERT INTO "listing_view_counts" ("listing_id", "views")
  SELECT "id", "views" FROM "listings" WHERE "views" > 0;--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "views";