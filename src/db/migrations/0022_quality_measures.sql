-- The quality measures behind the QM star and CMS's State/US averages (docs/architecture.md, "Quality measures";
-- docs/ingest.md, "Quality measures and averages").

-- One row per MDS Quality Measures, Medicare Claims Quality Measures or State/US Averages file loaded.
CREATE TABLE quality_release (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('mds', 'claims', 'averages')),
  processing_date date NOT NULL,
  source text NOT NULL CHECK (source IN ('cms', 'demo', 'files')),
  file_name text NOT NULL,
  -- sha256 of the CSV bytes; a file is never loaded twice, whatever its wrapper.
  checksum text NOT NULL UNIQUE,
  row_count integer NOT NULL,
  -- The facility-measure rows the file added or changed (a month that repeats the quarter changes none).
  changed_rows integer NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer NOT NULL
);
CREATE INDEX quality_release_date_idx ON quality_release (kind, processing_date);

-- Each measure as the newest release that reports it describes it; period: the newest release's measure period,
-- which tells a facility's current rows (those of that period) from rows of a period no longer published.
CREATE TABLE quality_measure (
  source text NOT NULL CHECK (source IN ('mds', 'claims')),
  code text NOT NULL,
  description text NOT NULL,
  resident_type text NOT NULL CHECK (resident_type IN ('shortStay', 'longStay')),
  is_used_in_rating boolean,
  period text NOT NULL,
  release_date date NOT NULL,
  PRIMARY KEY (source, code)
);

-- One row per facility and MDS measure. scores and footnotes are indexed by quarter number (year x 4 + quarter - 1;
-- 2026Q1 is 8104): one value per quarter, from the newest release that reports it, so that the dozen monthly
-- releases that repeat a quarter keep it once. A footnote of 0 is a quarter reported without one; NULL, a quarter no
-- release reported. period, average and average_footnote: the four-quarter average of the newest release (the
-- row's release_date) that reported the row; digest: of what that release reported, so that a release repeating it
-- writes nothing.
CREATE TABLE quality_mds (
  ccn text NOT NULL,
  code text NOT NULL,
  release_date date NOT NULL,
  digest text NOT NULL,
  period text NOT NULL,
  average double precision,
  average_footnote smallint NOT NULL,
  scores double precision[] NOT NULL,
  footnotes smallint[] NOT NULL,
  PRIMARY KEY (ccn, code)
);

-- One row per facility and claims measure: per measure period (periods, in the order they were first loaded),
-- the adjusted, observed and expected scores and the footnote (0: none), each from the newest release that reports
-- the period. period: the newest release's period.
CREATE TABLE quality_claims (
  ccn text NOT NULL,
  code text NOT NULL,
  release_date date NOT NULL,
  digest text NOT NULL,
  period text NOT NULL,
  periods text[] NOT NULL,
  adjusted double precision[] NOT NULL,
  observed double precision[] NOT NULL,
  expected double precision[] NOT NULL,
  footnotes smallint[] NOT NULL,
  PRIMARY KEY (ccn, code)
);

-- CMS's State/US Averages, every column of every release: the columns of a release in file order, each with a
-- stable key (src/core/quality-measures.ts) and the measure code of a QM column; the values of each state (and
-- NATION) in the same order. A second file for a month replaces the month.
CREATE TABLE cms_average_column (
  processing_date date NOT NULL,
  position smallint NOT NULL,
  column_key text NOT NULL,
  header text NOT NULL,
  measure_code text,
  PRIMARY KEY (processing_date, position),
  UNIQUE (processing_date, column_key)
);
CREATE TABLE cms_average (
  processing_date date NOT NULL,
  state text NOT NULL,
  vals double precision[] NOT NULL,
  PRIMARY KEY (processing_date, state)
);

-- Derived at each publication: each measure's average over the current facilities' current scores, per state and
-- for the nation (state 'NATION'), for the measures CMS's averages file does not have.
CREATE TABLE quality_average (
  source text NOT NULL,
  code text NOT NULL,
  state text NOT NULL,
  average double precision,
  facilities integer NOT NULL,
  PRIMARY KEY (source, code, state)
);

-- Writes a release's values into a row's quarters (first: the number of the release's first quarter): every quarter
-- when the release is at least as new as the row, else only the quarters no release has reported (marker NULL).
CREATE FUNCTION quality_merge(stored anyarray, marker smallint[], first integer, vals anyarray, is_newer boolean)
RETURNS anyarray LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  i integer;
BEGIN
  FOR i IN 1 .. coalesce(array_length(vals, 1), 0) LOOP
    IF is_newer OR marker IS NULL OR marker[first + i - 1] IS NULL THEN
      stored[first + i - 1] := vals[i];
    END IF;
  END LOOP;
  RETURN stored;
END $$;

-- Writes a release's value of a claims period: appended when the period is new to the row, replaced when the
-- release is at least as new as the row.
CREATE FUNCTION quality_put_period(stored anyarray, periods text[], period text, val anyelement, is_newer boolean)
RETURNS anyarray LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  pos integer := array_position(periods, period);
BEGIN
  IF pos IS NULL THEN
    RETURN array_append(stored, val);
  END IF;
  IF is_newer THEN
    stored[pos] := val;
  END IF;
  RETURN stored;
END $$;

UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
