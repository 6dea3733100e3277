-- The role the PostgreSQL runs of the tests and benches create their scratch databases with
-- (TEST_DATABASE_URL's default, postgres://urs_test:urs_test@127.0.0.1:5432/postgres), run as
-- the postgres superuser by .ci/run and api/test-postgres.mjs. A member of pg_signal_backend,
-- so dropping a test database may end an autovacuum worker in it (PostgreSQL 15 refuses that to
-- a plain role's DROP DATABASE ... WITH (FORCE)).
SET client_min_messages = warning;
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'urs_test') THEN
    CREATE ROLE urs_test LOGIN PASSWORD 'urs_test' CREATEDB;
  END IF;
END $$;
GRANT pg_signal_backend TO urs_test;
