-- A release's staffing figures on their way into staffing_period (src/ingest/staffing.ts): the file's arrays are
-- written here, then compared with the figures in force and written into staffing_period, a few thousand
-- facilities per statement and per transaction, so that no step of a load holds the embedded database for a second.
-- Scratch rows: emptied before each release's figures are staged (only one load runs at a time: load-lock.ts).
CREATE UNLOGGED TABLE staffing_incoming (
  ord integer PRIMARY KEY,
  LIKE staffing_period
);
