-- Which version of the product's reader of each table read a CMS file (src/ingest/source.ts, READER_VERSIONS), as
-- {"provider": 2, "citations": 1, ...}: when the product starts reading more of a table (the staffing columns of
-- Provider Information, say) or a table it never read (a new dataset in the monthly archives), the sync reads the
-- files it loaded before again, from its download cache, for those tables only. Files recorded before this column
-- have none: what was read of them is inferred from the release tables (src/ingest/cms-sync.ts).
ALTER TABLE cms_file ADD COLUMN readers jsonb;
