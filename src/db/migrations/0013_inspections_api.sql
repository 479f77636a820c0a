-- The inspection record in the API (docs/api.md, "Inspections, penalties and citations"):
-- * facility and rating_alert carry copies of each current facility's last three years (facility_inspection),
--   written with its list item when the derived tables are built (src/ingest/derive.ts), so that the `harm` and
--   `abuse` filters are columns of the row a list reads; partial indexes in the list's order serve their pages;
-- * facility_summary gains them as dimensions, so the summary of a view filtered by them adds up a few rows;
-- * citation_count: the current facilities' citations counted by tag, description, category and code, nationally
--   (in all and per survey month) and per state, for the totals of /api/citations and its categories;
-- * indexes for the reads of /api/citations (newest first, by tag, by description, at actual harm or worse).

-- Three-year figures (null when no health citations file is loaded; the fines, when no penalties file is).
ALTER TABLE facility
  ADD COLUMN citations_minimal_harm integer,
  ADD COLUMN citations_potential_harm integer,
  ADD COLUMN citations_actual_harm integer,
  ADD COLUMN citations_immediate_jeopardy integer,
  ADD COLUMN most_severe_citation text,
  -- The harm level of the most severe citation: 1 (A-C) to 4 (J-L), 0 when none.
  ADD COLUMN harm_level smallint,
  -- CMS's Abuse Icon, or a citation of the abuse category.
  ADD COLUMN is_abuse boolean,
  ADD COLUMN fines_three_years integer,
  ADD COLUMN fine_dollars_three_years numeric;
CREATE INDEX facility_actual_harm_idx ON facility (provider_name, ccn) WHERE harm_level >= 3;
CREATE INDEX facility_jeopardy_idx ON facility (provider_name, ccn) WHERE harm_level = 4;
CREATE INDEX facility_abuse_idx ON facility (provider_name, ccn) WHERE is_abuse;

ALTER TABLE rating_alert
  ADD COLUMN citations_minimal_harm integer,
  ADD COLUMN citations_potential_harm integer,
  ADD COLUMN citations_actual_harm integer,
  ADD COLUMN citations_immediate_jeopardy integer,
  ADD COLUMN most_severe_citation text,
  ADD COLUMN harm_level smallint,
  ADD COLUMN is_abuse boolean,
  ADD COLUMN fines_three_years integer,
  ADD COLUMN fine_dollars_three_years numeric;

ALTER TABLE facility_summary
  ADD COLUMN harm_level smallint,
  ADD COLUMN is_abuse boolean;

CREATE TABLE citation_count (
  -- 'all': national, every survey date; 'month': national, per survey month; 'state': per state, every date;
  -- 'source': one row whose tag names the citations counted (the newest health citations file loaded), so that a
  -- publication that loaded none adjusts the counts for the facilities that changed instead of counting again.
  kind text NOT NULL CHECK (kind IN ('all', 'month', 'state', 'source')),
  state text,
  survey_month date,
  prefix text NOT NULL,
  tag text NOT NULL,
  description_id integer,
  -- The citation's category, else its tag's (as the API shows it).
  category text,
  scope_severity text,
  citations integer NOT NULL
);
CREATE INDEX citation_count_kind_idx ON citation_count (kind, state, survey_month);

CREATE INDEX citation_tag_date_idx ON citation (tag, survey_date);
CREATE INDEX citation_description_date_idx ON citation (description_id, survey_date);
CREATE INDEX citation_harm_date_idx ON citation (survey_date) WHERE scope_severity >= 'G';
-- The citations at actual harm or worse of a state's facilities, read by CCN.
CREATE INDEX citation_harm_ccn_idx ON citation (ccn, survey_date) WHERE scope_severity >= 'G';

-- The next start or ingest rebuilds the facilities' rows with these figures, and the derived tables.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
