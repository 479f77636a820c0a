-- Fire safety inspections (docs/ingest.md, "Fire safety citations"): CMS's Fire Safety Deficiencies (ifjz-ge4w),
-- the K tags of the Life Safety Code and the E tags of emergency preparedness, from the current file and every
-- monthly archive. They have the health citations' layout and are kept by their rules (migration 0012): a survey
-- (facility, survey date and survey type) is a group of inspection_group, of kind 'fire', that the newest release
-- listing it replaces whole; a citation's identity is its survey, prefix, tag and rank. Their own table, so that
-- the health figures, counts and indexes stay the health citations' alone; tags and descriptions are shared
-- (citation_tag, citation_description: the prefixes K and E never meet F).
CREATE TABLE fire_citation (
  ccn text NOT NULL,
  survey_date date NOT NULL,
  survey_type text NOT NULL,
  prefix text NOT NULL,
  tag text NOT NULL,
  rank smallint NOT NULL,
  scope_severity text CHECK (scope_severity ~ '^[A-L]$'),
  category text,
  description_id integer,
  correction_status text,
  correction_date date,
  inspection_cycle smallint,
  is_standard boolean,
  is_complaint boolean,
  is_infection_control boolean,
  is_under_idr boolean,
  is_under_iidr boolean,
  release_date date NOT NULL,
  PRIMARY KEY (ccn, survey_date, survey_type, prefix, tag, rank)
);
-- The order of /api/citations?kind=fire (newest first), as migration 0016 has it for the health citations.
CREATE INDEX fire_citation_newest_first_idx ON fire_citation (survey_date DESC, ccn, survey_type, prefix, tag, rank);
CREATE INDEX fire_citation_tag_date_idx ON fire_citation (tag, survey_date);

ALTER TABLE inspection_release DROP CONSTRAINT IF EXISTS inspection_release_kind_check;
ALTER TABLE inspection_release ADD CONSTRAINT inspection_release_kind_check
  CHECK (kind IN ('citations', 'fire', 'penalties'));
ALTER TABLE inspection_group DROP CONSTRAINT IF EXISTS inspection_group_kind_check;
ALTER TABLE inspection_group ADD CONSTRAINT inspection_group_kind_check
  CHECK (kind IN ('citations', 'fire', 'penalties'));

-- The current Fire Safety Deficiencies file is recorded like the other current files.
ALTER TABLE cms_file DROP CONSTRAINT IF EXISTS cms_file_dataset_check;
ALTER TABLE cms_file ADD CONSTRAINT cms_file_dataset_check
  CHECK (dataset IN ('provider', 'citations', 'fire', 'penalties', 'mds', 'claims', 'averages', 'ownership'));
