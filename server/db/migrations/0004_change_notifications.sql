-- What public pages and the in-memory reference data show, announced on commit through
-- NOTIFY spotted_changes, so every instance drops what it keeps of it. Payloads:
-- 'listing:<id>' (a live or suspended listing, its photos or features), 'seller:<id>' (what a
-- listing page shows of its seller), 'reference' (makes, models, enumerables, features, cities,
-- listing types, configuration, admin menu) and 'ads'. Counters (views, clicks), balances and
-- tokens change without a notice.
CREATE OR REPLACE FUNCTION spotted_notify_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (to_jsonb(OLD) - 'views' - 'updated_at') = (to_jsonb(NEW) - 'views' - 'updated_at') THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.original_id IS NULL AND OLD.state IN ('ACTIVE', 'SUSPENDED') THEN
    PERFORM pg_notify('spotted_changes', 'listing:' || OLD.id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.original_id IS NULL AND NEW.state IN ('ACTIVE', 'SUSPENDED') THEN
    PERFORM pg_notify('spotted_changes', 'listing:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_notify AFTER INSERT OR UPDATE OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_listing();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spotted_notify_listing_part() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('spotted_changes', 'listing:' || OLD.listing_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('spotted_changes', 'listing:' || NEW.listing_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_images_notify AFTER INSERT OR UPDATE OR DELETE ON listing_images
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_listing_part();
--> statement-breakpoint
CREATE TRIGGER listing_safety_notify AFTER INSERT OR UPDATE OR DELETE ON listing_safety
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_listing_part();
--> statement-breakpoint
CREATE TRIGGER listing_equipment_notify AFTER INSERT OR UPDATE OR DELETE ON listing_equipment
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_listing_part();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spotted_notify_seller() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) - 'balance' - 'firebase_token' - 'password_hash' - 'updated_at')
    <> (to_jsonb(NEW) - 'balance' - 'firebase_token' - 'password_hash' - 'updated_at') THEN
    PERFORM pg_notify('spotted_changes', 'seller:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_seller();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spotted_notify_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('spotted_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cities_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER makes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON makes
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER models_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON models
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER enumerables_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON enumerables
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER safety_items_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON safety_items
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER equipment_items_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON equipment_items
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER listing_types_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listing_types
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER configuration_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON configuration
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE TRIGGER admin_menu_items_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION spotted_notify_reference('reference');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION spotted_notify_ads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (to_jsonb(OLD) - 'views' - 'clicks') = (to_jsonb(NEW) - 'views' - 'clicks') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('spotted_changes', 'ads');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ads_notify AFTER INSERT OR UPDATE OR DELETE ON ads
  FOR EACH ROW EXECUTE FUNCTION spotted_notify_ads();
