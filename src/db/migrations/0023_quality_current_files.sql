-- The current files of the MDS and claims quality measures and of the State/US averages are recorded like the others.
ALTER TABLE cms_file DROP CONSTRAINT IF EXISTS cms_file_dataset_check;
ALTER TABLE cms_file ADD CONSTRAINT cms_file_dataset_check
  CHECK (dataset IN ('provider', 'citations', 'penalties', 'mds', 'claims', 'averages'));
