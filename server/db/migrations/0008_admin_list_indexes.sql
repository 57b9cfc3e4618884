-- The back-office lists page, sort and search on the server (see server/db/lists.ts). Searches
-- read trigram indexes (pg_trgm, bundled with PostgreSQL and loaded into PGlite by
-- server/db/client.ts), so `ilike '%text%'` does not read every live listing or user.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "listings_live_title_idx" ON "listings" USING btree (lower("title"),"id") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null;--> statement-breakpoint
CREATE INDEX "listings_live_title_search_idx" ON "listings" USING gin ("title" gin_trgm_ops) WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null;--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_first_name_idx" ON "users" USING btree (lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "users_last_name_idx" ON "users" USING btree (lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("email" || ' ' || "first_name" || ' ' || "last_name") gin_trgm_ops);