-- Custom SQL migration file, put your code below! --
-- Staff's search index (valuation_search_words, decision 005) is kept by the database: a request's
-- words are added when it is made, replaced when its name, address, car, time or archive state
-- change (or it is erased), and removed with it, whoever writes the row (the app, the demo seeder,
-- a person at psql).

-- A request's words, lower-cased, each once: its name, make and model split wherever a character is
-- not a letter or a digit ("O'Brien-Smith" gives "o", "brien", "smith"); its registration whole
-- ("ab12cde"); its e-mail address whole, marked "@" ("@jo.smith87@example.com"), so that the
-- numbers in addresses do not make thousands of words begin with a common name. The app reads what
-- staff type the same way (features/valuations/valuation-search.ts). Deletions find a request's
-- entries by computing its words again, so this must stay deterministic; changing it means
-- rebuilding the table in the same migration.
CREATE FUNCTION valuation_search_words_of(
  first_name text, last_name text, make text, model text, registration text, email text
) RETURNS SETOF text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT word
  FROM regexp_split_to_table(lower(concat_ws(' ', first_name, last_name, make, model)), '[^[:alnum:]]+') AS word
  WHERE word <> ''
  UNION
  SELECT lower(registration) WHERE registration <> ''
  UNION
  SELECT '@' || lower(email) WHERE email <> ''
$$;
--> statement-breakpoint
-- New requests, a statement at a time (the seeder inserts thousands in one).
CREATE FUNCTION valuation_search_words_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO valuation_search_words (word, is_archived, created_at, valuation_id)
  SELECT w.word, n.is_archived, n.created_at, n.id
  FROM added AS n
  CROSS JOIN LATERAL valuation_search_words_of(n.first_name, n.last_name, n.make, n.model, n.registration, n.email) AS w(word);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER valuation_search_words_added AFTER INSERT ON car_valuations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION valuation_search_words_added();
--> statement-breakpoint
-- Requests deleted (by staff, by retention), a statement at a time: their entries, found by their words.
CREATE FUNCTION valuation_search_words_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM valuation_search_words AS s
  USING (
    SELECT w.word, o.is_archived, o.created_at, o.id
    FROM removed AS o
    CROSS JOIN LATERAL valuation_search_words_of(o.first_name, o.last_name, o.make, o.model, o.registration, o.email) AS w(word)
  ) AS gone
  WHERE s.word = gone.word AND s.is_archived = gone.is_archived AND s.created_at = gone.created_at
    AND s.valuation_id = gone.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER valuation_search_words_removed AFTER DELETE ON car_valuations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION valuation_search_words_removed();
--> statement-breakpoint
-- A request whose words, time or archive state changed (staff corrected a name, archived it; an
-- erasure blanked it): its old entries out, its new ones in. Only then: a change of stage does not
-- fire it.
CREATE FUNCTION valuation_search_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM valuation_search_words AS s
  USING valuation_search_words_of(OLD.first_name, OLD.last_name, OLD.make, OLD.model, OLD.registration, OLD.email) AS w(word)
  WHERE s.word = w.word AND s.is_archived = OLD.is_archived AND s.created_at = OLD.created_at
    AND s.valuation_id = OLD.id;
  INSERT INTO valuation_search_words (word, is_archived, created_at, valuation_id)
  SELECT w.word, NEW.is_archived, NEW.created_at, NEW.id
  FROM valuation_search_words_of(NEW.first_name, NEW.last_name, NEW.make, NEW.model, NEW.registration, NEW.email) AS w(word);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER valuation_search_words_changed
  AFTER UPDATE OF first_name, last_name, make, model, registration, email, is_archived, created_at, id
  ON car_valuations
  FOR EACH ROW WHEN (
    OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.make IS DISTINCT FROM NEW.make OR OLD.model IS DISTINCT FROM NEW.model
    OR OLD.registration IS DISTINCT FROM NEW.registration OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.is_archived IS DISTINCT FROM NEW.is_archived OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.id IS DISTINCT FROM NEW.id
  ) EXECUTE FUNCTION valuation_search_words_changed();
--> statement-breakpoint
-- car_valuations emptied at once (never by the app): its words too. A DELETE, since a TRUNCATE of
-- both tables in one statement (as the tests do) would refuse to truncate this one again here.
CREATE FUNCTION valuation_search_words_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM valuation_search_words;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER valuation_search_words_emptied AFTER TRUNCATE ON car_valuations
  FOR EACH STATEMENT EXECUTE FUNCTION valuation_search_words_emptied();
--> statement-breakpoint
-- The requests already here, then the index (built once over them rather than entry by entry).
INSERT INTO valuation_search_words (word, is_archived, created_at, valuation_id)
SELECT w.word, v.is_archived, v.created_at, v.id
FROM car_valuations AS v
CROSS JOIN LATERAL valuation_search_words_of(v.first_name, v.last_name, v.make, v.model, v.registration, v.email) AS w(word);
--> statement-breakpoint
CREATE UNIQUE INDEX "valuation_search_words_word_archived_created_at_id_idx" ON "valuation_search_words" USING btree ("word","is_archived","created_at" DESC NULLS FIRST,"valuation_id" DESC NULLS FIRST);
