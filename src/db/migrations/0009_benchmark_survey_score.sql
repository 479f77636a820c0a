-- The benchmarks gain the Total Weighted Health Survey Score (the detail page's Health Deficiency Score): the next
-- start or ingest computes them again (src/ingest/derive.ts).
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
