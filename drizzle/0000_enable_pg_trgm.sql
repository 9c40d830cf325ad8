-- Custom SQL migration file, put your code below! --
-- The dashboard search uses trigram GIN indexes (gin_trgm_ops), so pg_trgm must exist before the
-- schema migration creates them. pg_trgm is a trusted extension (PostgreSQL 13+), so a database
-- owner without superuser rights can create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
