-- Loads publish in short steps (src/ingest/stage.ts): a new month's snapshots are written before its release row,
-- and only months with a release row are served. staged_month lists the months written but not yet published, so
-- that what an interrupted load left behind is found and removed without reading the whole history.
CREATE TABLE staged_month (processing_date date PRIMARY KEY);

-- The CMS files the product has seen, by URL, so that a re-run or a refresh downloads and loads only what is new.
CREATE TABLE cms_file (
  url text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('current', 'archive')),
  -- The archive's date in the listing, or the metadata's modified date for the current file.
  listed_date date,
  -- The month of the data inside (its Processing Date), once read.
  processing_date date,
  status text NOT NULL CHECK (status IN ('loaded', 'unchanged', 'superseded', 'failed')),
  detail text,
  checked_at timestamptz NOT NULL DEFAULT now()
);

-- The periodic refresh from CMS, shared by every server process on one database.
ALTER TABLE app_state
  ADD COLUMN refresh_last_check timestamptz,
  ADD COLUMN refresh_last_success timestamptz,
  ADD COLUMN refresh_last_error text;
