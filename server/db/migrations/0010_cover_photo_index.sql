-- A card's cover photo (the photo marked as cover, else the first) read from the index alone: no
-- sort and no table row per card. Written by hand: Drizzle's index builder has no INCLUDE, so the
-- schema names it in a comment (server/db/schema/listings.ts).
CREATE INDEX "listing_images_cover_idx" ON "listing_images" USING btree ("listing_id", "is_cover" DESC, "position") INCLUDE ("key", "card_widths");
