-- The current Ownership file (y2hd-n93e) is recorded like the other current files.
ALTER TABLE cms_file DROP CONSTRAINT IF EXISTS cms_file_dataset_check;
ALTER TABLE cms_file ADD CONSTRAINT cms_file_dataset_check
  CHECK (dataset IN ('provider', 'citations', 'penalties', 'mds', 'claims', 'averages', 'ownership'));
