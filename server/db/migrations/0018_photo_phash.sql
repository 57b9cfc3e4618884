ALTER TABLE "listing_images" ADD COLUMN "phash" bigint;--> statement-breakpoint
CREATE INDEX "listing_images_phash_band0_idx" ON "listing_images" USING btree ((("phash" >> 48) & 65535));--> statement-breakpoint
CREATE INDEX "listing_images_phash_band1_idx" ON "listing_images" USING btree ((("phash" >> 32) & 65535));--> statement-breakpoint
CREATE INDEX "listing_images_phash_band2_idx" ON "listing_images" USING btree ((("phash" >> 16) & 65535));--> statement-breakpoint
CREATE INDEX "listing_images_phash_band3_idx" ON "listing_images" USING btree ((("phash" >> 0) & 65535));