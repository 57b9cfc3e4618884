ALTER TABLE "listings" ADD COLUMN "keywords" "tsvector";--> statement-breakpoint
-- A listing's keywords: its make, model and title (weight A), then its description (B), as the
-- 'simple' configuration splits them (no language's stemming: the site's words are names, and its
-- people write English, Maltese and Italian).
CREATE FUNCTION listings_keywords() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.keywords :=
    setweight(to_tsvector('simple', concat_ws(' ',
      (SELECT m.name FROM makes m WHERE m.id = NEW.make_id),
      (SELECT d.name FROM models d WHERE d.id = NEW.model_id),
      NEW.title)), 'A')
    || setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'B');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER listings_keywords BEFORE INSERT OR UPDATE OF title, description, make_id, model_id
  ON listings FOR EACH ROW EXECUTE FUNCTION listings_keywords();--> statement-breakpoint
UPDATE listings SET title = title;--> statement-breakpoint
-- What a keyword search asks for: every word, each as the start of a word of the listing or, when
-- it names no make or model as written, also as the make or model it nearly spells ('toyta'
-- finds Toyota: trigram similarity, pg_trgm's threshold). At most 8 words.
CREATE FUNCTION listing_keyword_query(words text) RETURNS tsquery
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  word text;
  name text;
  alternatives tsquery;
  result tsquery;
BEGIN
  FOR word IN SELECT lexeme FROM unnest(to_tsvector('simple', left(words, 100))) LIMIT 8 LOOP
    alternatives := (quote_literal(word) || ':*')::tsquery;
    IF length(word) >= 3 AND word ~ '[[:alpha:]]' AND NOT EXISTS (
      SELECT 1 FROM makes m WHERE to_tsvector('simple', m.name) @@ quote_literal(word)::tsquery
      UNION ALL
      SELECT 1 FROM models d WHERE to_tsvector('simple', d.name) @@ quote_literal(word)::tsquery
    ) THEN
      FOR name IN
        SELECT m.name FROM makes m WHERE m.name % word
        UNION
        SELECT d.name FROM models d WHERE d.name % word
      LOOP
        alternatives := alternatives || phraseto_tsquery('simple', name);
      END LOOP;
    END IF;
    result := coalesce(result && alternatives, alternatives);
  END LOOP;
  RETURN result;
END $$;--> statement-breakpoint
CREATE INDEX "listings_live_keywords_idx" ON "listings" USING gin ("keywords") WHERE "listings"."state" = 'ACTIVE' and "listings"."original_id" is null and "listings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "makes_name_trgm_idx" ON "makes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "models_name_trgm_idx" ON "models" USING gin ("name" gin_trgm_ops);
