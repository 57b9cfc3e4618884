ALTER TABLE "listing_images" ADD COLUMN "card_widths" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_images" ADD COLUMN "large_width" integer;--> statement-breakpoint
ALTER TABLE "listing_images" ADD COLUMN "large_height" integer;--> statement-breakpoint
-- Battery range was stored in km; every distance is in miles now, like the mileage (the spec's unit).
UPDATE "listings" SET "battery_range" = round("battery_range" / 1.609344) WHERE "battery_range" > 0;
