DROP INDEX "listings_live_model_price_idx";--> statement-breakpoint
DROP INDEX "listings_live_make_price_idx";--> statement-breakpoint
DROP INDEX "listings_live_body_price_idx";--> statement-breakpoint
CREATE INDEX "listings_live_model_price_idx" ON "listings" USING btree ("model_id","price","id","user_id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null;--> statement-breakpoint
CREATE INDEX "listings_live_make_price_idx" ON "listings" USING btree ("make_id","price","id","user_id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null;--> statement-breakpoint
CREATE INDEX "listings_live_body_price_idx" ON "listings" USING btree ("body_id","price","id","user_id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null;