-- Custom SQL migration file, put your code below! --
-- The call log's search (contact name, subject: ILIKE '%…%'; phone: LIKE '%digits%') is answered
-- by a trigram index where the server has pg_trgm (PostgreSQL's contrib, a trusted extension).
-- The embedded PGlite has no pg_trgm: there the same queries run without it (a small firm's
-- calls). See docs/decisions (call log) and bench/results/calls.md.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS calls_search_trgm_idx ON calls USING gin (contact_name gin_trgm_ops, subject gin_trgm_ops, phone gin_trgm_ops);
  END IF;
END
$$;
