DROP INDEX "listings_live_order_idx";--> statement-breakpoint
DROP INDEX "listings_live_year_idx";--> statement-breakpoint
DROP INDEX "listings_live_make_order_idx";--> statement-breakpoint
DROP INDEX "listings_live_make_year_idx";--> statement-breakpoint
DROP INDEX "listings_live_make_price_idx";--> statement-breakpoint
CREATE INDEX "listings_live_order_idx" ON "listings" USING btree ("listing_type_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_year_idx" ON "listings" USING btree ("year" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_make_order_idx" ON "listings" USING btree ("make_id","listing_type_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_make_year_idx" ON "listings" USING btree ("make_id","year" DESC NULLS LAST,"published_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_make_price_idx" ON "listings" USING btree ("make_id","price","id","user_id","published_at") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;