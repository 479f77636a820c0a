-- The digest of a quality measures file's rows (src/ingest/parse-quality.ts, contentDigest), kept for a file that
-- was the newest of its kind when it was loaded (null otherwise): a newer file with the same digest repeats its
-- quarters and writes no row, which a load then knows without reading what is stored.
ALTER TABLE quality_release ADD COLUMN content_digest text;
