DROP INDEX "listings_live_order_idx";--> statement-breakpoint
DROP INDEX "listings_live_make_idx";--> statement-breakpoint
DROP INDEX "listings_live_price_idx";--> statement-breakpoint
DROP INDEX "listings_live_year_idx";--> statement-breakpoint
DROP INDEX "listings_live_model_price_idx";--> statement-breakpoint
DROP INDEX "listings_live_make_price_idx";--> statement-breakpoint
DROP INDEX "listings_live_body_price_idx";--> statement-breakpoint
DROP INDEX "listings_live_fuel_price_idx";--> statement-breakpoint
DROP INDEX "listings_live_deal_idx";--> statement-breakpoint
DROP INDEX "listings_live_band_idx";--> statement-breakpoint
DROP INDEX "listings_live_seller_order_idx";--> statement-breakpoint
CREATE INDEX "listings_live_order_idx" ON "listings" USING btree ("listing_type_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_make_idx" ON "listings" USING btree ("make_id","model_id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_price_idx" ON "listings" USING btree ("price") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_year_idx" ON "listings" USING btree ("year") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_model_price_idx" ON "listings" USING btree ("model_id","price","id","user_id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_make_price_idx" ON "listings" USING btree ("make_id","price","id","user_id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_body_price_idx" ON "listings" USING btree ("body_id","price","id","user_id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_fuel_price_idx" ON "listings" USING btree ("fuel_id","price") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_deal_idx" ON "listings" USING btree ("price_deal","id" DESC NULLS LAST) WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_band_idx" ON "listings" USING btree ("price_band","price_deal") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "listings_live_seller_order_idx" ON "listings" USING btree ("user_id","listing_type_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;