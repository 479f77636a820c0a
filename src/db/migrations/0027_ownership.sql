-- Who runs each home: CMS's Ownership files (docs/ingest.md, "Ownership"; docs/architecture.md, "Ownership").
-- A facility's owners and managers are kept as spans: one row per facility, owner and role with the first and the
-- last release that lists it, never a row per release (90 releases x 150,000 rows would be 13 million).

-- Each Ownership file loaded, by checksum (a file is never loaded twice, whatever its wrapper).
CREATE TABLE ownership_release (
  id serial PRIMARY KEY,
  processing_date date NOT NULL,
  source text NOT NULL CHECK (source IN ('cms', 'demo', 'files')),
  file_name text NOT NULL,
  checksum text NOT NULL UNIQUE,
  row_count integer NOT NULL,
  -- The facilities whose rows the file added or changed (a month that repeats the last one changes none).
  changed_facilities integer NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer NOT NULL
);
CREATE INDEX ownership_release_date_idx ON ownership_release (processing_date);

-- Each facility any Ownership file listed: the first and last release that list it, and the digest of its rows in
-- the last one (what a newer release is compared with: a facility listed unchanged writes only this row).
CREATE TABLE ownership_facility (
  ccn text PRIMARY KEY,
  first_seen date NOT NULL,
  last_seen date NOT NULL,
  digest text
) WITH (fillfactor = 70);

-- One owner or manager of a facility in one role: the first and last release that list it (last_seen null: still
-- listed by the facility's last release, ownership_facility.last_seen, so that a month that lists the facility
-- unchanged writes nothing here), and its values as the newest release that lists it gives them (`listed`, null
-- while the row is open: then that release is the facility's last).
-- owner_key is the owner's identity across homes (src/core/ownership.ts ownerKey: `organization:ACME HEALTH LLC`),
-- role_key CMS's role text upper-cased.
CREATE TABLE ownership_role (
  ccn text NOT NULL,
  owner_key text NOT NULL,
  role_key text NOT NULL,
  first_seen date NOT NULL,
  last_seen date,
  owner_type text NOT NULL CHECK (owner_type IN ('individual', 'organization')),
  owner_name text NOT NULL,
  role text NOT NULL,
  -- The role's group in plain words (src/core/ownership.ts ROLE_GROUPS).
  role_group text NOT NULL,
  percentage double precision,
  percentage_text text,
  since date,
  listed date,
  PRIMARY KEY (ccn, owner_key, role_key)
) WITH (fillfactor = 80);
CREATE INDEX ownership_role_owner_idx ON ownership_role (owner_key);

-- Derived at each publication (src/ingest/ownership-derive.ts): the current facilities' owners now (their rows of
-- the facility's last listing), each owner's roles there as the answer's JSON text.
CREATE TABLE owner_facility (
  owner_key text NOT NULL,
  ccn text NOT NULL,
  roles text NOT NULL,
  PRIMARY KEY (owner_key, ccn)
);
CREATE INDEX owner_facility_ccn_idx ON owner_facility (ccn);

-- Derived at each publication: every owner of the record, with its name as the newest release spells it, its
-- current facilities and the first and last release that list it anywhere. name_key is its normalised name (the
-- words owner suggestions match).
CREATE TABLE owner_summary (
  owner_key text PRIMARY KEY,
  owner_type text NOT NULL,
  name text NOT NULL,
  name_key text NOT NULL,
  facilities integer NOT NULL,
  first_seen date NOT NULL,
  last_seen date NOT NULL
);
CREATE INDEX owner_summary_rank_idx ON owner_summary (facilities DESC, name, owner_key);
CREATE INDEX owner_summary_name_trgm_idx ON owner_summary USING gin (name_key gin_trgm_ops);

UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
