CREATE INDEX "users_city_idx" ON "users" USING btree ("city_id");--> statement-breakpoint
-- hand-written below
-- The sets of listed cars the landing pages show, announced on commit like the rest: 'cars' for
-- any of them, 'cars:make:<id>', 'cars:model:<id>', 'cars:town:<city id>' and
-- 'cars:make-town:<make id>:<city id>' when a listed car joins or leaves the set, or changes its
-- price or its tier (the pages' price range and order). A car's town is its seller's. And
-- 'card:<id>' when what a listed car's card shows of it changes (its title, figures, photos), so
-- a page of cards is not dropped by what only its listing page shows (the price insight).
CREATE OR REPLACE FUNCTION spotted_notify_car_sets(make integer, model integer, seller integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  town integer;
BEGIN
  SELECT city_id INTO town FROM users WHERE id = seller;
  PERFORM pg_notify('spotted_changes', 'cars');
  PERFORM pg_notify('spotted_changes', 'cars:make:' || make);
  PERFORM pg_notify('spotted_changes', 'cars:model:' || model);
  IF town IS NOT NULL THEN
    PERFORM pg_notify('spotted_changes', 'cars:town:' || town);
    PERFORM pg_notify('spotted_changes', 'cars:make-town:' || make || ':' || town);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spotted_notify_listing_sets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listed_before boolean := false;
  listed_now boolean := false;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    listed_before := OLD.state = 'ACTIVE' AND OLD.original_id IS NULL AND OLD.hidden_at IS NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    listed_now := NEW.state = 'ACTIVE' AND NEW.original_id IS NULL AND NEW.hidden_at IS NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND listed_before AND listed_now AND
      (OLD.title, OLD.body_id, OLD.fuel_id, OLD.transmission_id, OLD.year, OLD.millage,
        OLD.currency, OLD.top_spotted_at)
      IS DISTINCT FROM
      (NEW.title, NEW.body_id, NEW.fuel_id, NEW.transmission_id, NEW.year, NEW.millage,
        NEW.currency, NEW.top_spotted_at) THEN
    PERFORM pg_notify('spotted_changes', 'card:' || NEW.id);
  END IF;
  IF TG_OP = 'UPDATE' AND listed_before = listed_now AND (NOT listed_now OR
      (OLD.make_id, OLD.model_id, OLD.user_id, OLD.price, OLD.listing_type_id, OLD.published_at)
      IS NOT DISTINCT FROM
      (NEW.make_id, NEW.model_id, NEW.user_id, NEW.price, NEW.listing_type_id, NEW.published_at)) THEN
    RETURN NULL;
  END IF;
  IF listed_before THEN PERFORM spotted_notify_car_sets(OLD.make_id, OLD.model_id, OLD.user_id); END IF;
  IF listed_now THEN PERFORM spotted_notify_car_sets(NEW.make_id, NEW.model_id, NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_notify_sets AFTER INSERT OR UPDATE OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_listing_sets();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spotted_notify_card_photo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('spotted_changes', 'card:' || OLD.listing_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('spotted_changes', 'card:' || NEW.listing_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_images_notify_card AFTER INSERT OR UPDATE OR DELETE ON listing_images
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_card_photo();
--> statement-breakpoint
-- A seller who moves takes their listed cars from one town's sets to another's; their cards show
-- the seller's address and town.
CREATE OR REPLACE FUNCTION spotted_notify_seller_town() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.city_id IS DISTINCT FROM OLD.city_id THEN
    PERFORM pg_notify('spotted_changes', tag) FROM (
      SELECT DISTINCT unnest(array['cars', 'cars:town:' || town,
        'cars:make-town:' || l.make_id || ':' || town]) AS tag
      FROM listings l, unnest(array[OLD.city_id, NEW.city_id]) AS town
      WHERE l.user_id = NEW.id AND town IS NOT NULL AND l.state = 'ACTIVE'
        AND l.original_id IS NULL AND l.hidden_at IS NULL) tags;
  END IF;
  IF (NEW.city_id, NEW.address) IS DISTINCT FROM (OLD.city_id, OLD.address) THEN
    PERFORM pg_notify('spotted_changes', 'card:' || l.id) FROM listings l
      WHERE l.user_id = NEW.id AND l.state = 'ACTIVE' AND l.original_id IS NULL
        AND l.hidden_at IS NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_town AFTER UPDATE OF city_id, address ON users
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_seller_town();
