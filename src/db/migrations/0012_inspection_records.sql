-- The inspection record behind the stars (docs/ingest.md, "Inspection records"): every health citation and every
-- penalty of the CMS releases loaded, kept once each over all of them (each release holds about three years).

-- One row per Health Deficiencies or Penalties file loaded (Provider Information files are in release).
CREATE TABLE inspection_release (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('citations', 'penalties')),
  processing_date date NOT NULL,
  source text NOT NULL CHECK (source IN ('cms', 'demo', 'files')),
  file_name text NOT NULL,
  -- sha256 of the CSV bytes; a file is never loaded twice, whatever its wrapper.
  checksum text NOT NULL UNIQUE,
  row_count integer NOT NULL,
  -- The groups (see inspection_group) the file added or replaced, and their rows: a new month changes a few.
  changed_groups integer NOT NULL,
  changed_rows integer NOT NULL,
  ingested_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer NOT NULL
);
CREATE INDEX inspection_release_date_idx ON inspection_release (kind, processing_date);

-- What a release replaces as a whole: a survey (a facility's citations of one survey date and type) or a facility's
-- penalties of one penalty date. The newest release that lists a group supplies all of its rows, so that a later
-- correction, regrading or withdrawal wins; a group no newer release lists (aged out of CMS's three years) stays as
-- the newest release that listed it had it. digest: of the group's rows (src/ingest/parse-inspection.ts), so that a
-- release that lists a group unchanged writes nothing.
CREATE TABLE inspection_group (
  kind text NOT NULL CHECK (kind IN ('citations', 'penalties')),
  ccn text NOT NULL,
  group_date date NOT NULL,
  -- The survey type of a survey ('' when the file has none); '' for penalties.
  survey_type text NOT NULL,
  digest text NOT NULL,
  -- The processing date of the release whose rows are kept.
  release_date date NOT NULL,
  row_count integer NOT NULL,
  PRIMARY KEY (kind, ccn, group_date, survey_type)
);

-- Deficiency descriptions, each text once: about a thousand texts for the million citations of the history.
CREATE TABLE citation_description (
  id serial PRIMARY KEY,
  description text NOT NULL
);
CREATE UNIQUE INDEX citation_description_text_idx ON citation_description (md5(description));

-- A health citation. Its identity across releases: the survey (ccn, survey date, survey type), the deficiency
-- prefix and tag, and its rank among the survey's citations of that tag (1 unless a survey cites a tag twice).
CREATE TABLE citation (
  ccn text NOT NULL,
  survey_date date NOT NULL,
  survey_type text NOT NULL,
  prefix text NOT NULL,
  -- As CMS writes it, four digits: '0689'.
  tag text NOT NULL,
  rank smallint NOT NULL,
  -- CMS's grid: A-C potential for minimal harm, D-F potential for more than minimal harm, G-I actual harm,
  -- J-L immediate jeopardy.
  scope_severity text CHECK (scope_severity ~ '^[A-L]$'),
  -- As CMS names it (since November 2019; see citation_tag for older citations).
  category text,
  description_id integer,
  -- 'Deficient, Provider has date of correction', ... as CMS writes it.
  correction_status text,
  correction_date date,
  inspection_cycle smallint,
  is_standard boolean,
  is_complaint boolean,
  is_infection_control boolean,
  is_under_idr boolean,
  is_under_iidr boolean,
  -- The processing date of the release this version of the citation comes from.
  release_date date NOT NULL,
  PRIMARY KEY (ccn, survey_date, survey_type, prefix, tag, rank)
);
CREATE INDEX citation_survey_date_idx ON citation (survey_date);

-- Per deficiency tag: its category and description as the newest release that cites it has them. Files before
-- November 2019 have no category column; their citations take their tag's category from here.
CREATE TABLE citation_tag (
  prefix text NOT NULL,
  tag text NOT NULL,
  category text,
  description_id integer,
  release_date date NOT NULL,
  PRIMARY KEY (prefix, tag)
);

-- A fine or a payment denial. Its identity across releases: the facility and penalty date (the date of the
-- inspection that triggered it), and its rank among that date's penalties in order of type, amount, denial start
-- and length (the 2017 file lists some identical fines twice: both are kept).
CREATE TABLE penalty (
  ccn text NOT NULL,
  penalty_date date NOT NULL,
  rank smallint NOT NULL,
  penalty_type text NOT NULL CHECK (penalty_type IN ('Fine', 'Payment Denial')),
  fine_amount numeric,
  denial_start_date date,
  denial_days integer,
  release_date date NOT NULL,
  PRIMARY KEY (ccn, penalty_date, rank)
);
CREATE INDEX penalty_date_idx ON penalty (penalty_date);

-- Derived at each publication (src/ingest/derive.ts), per current facility, for lists and filters: the last three
-- years of citations by harm level, the most severe code, abuse, and penalties. The three years are counted back
-- from the newest processing date loaded (window_end), not from today, so the same data gives the same figures.
CREATE TABLE facility_inspection (
  ccn text PRIMARY KEY,
  window_start date,
  window_end date,
  citations_minimal_harm integer NOT NULL,
  citations_potential_harm integer NOT NULL,
  citations_actual_harm integer NOT NULL,
  citations_immediate_jeopardy integer NOT NULL,
  most_severe text,
  abuse_citations integer NOT NULL,
  abuse_icon boolean,
  -- CMS's Abuse Icon, or an abuse-category citation in the three years.
  is_abuse boolean NOT NULL,
  fines integer NOT NULL,
  fine_dollars numeric NOT NULL,
  payment_denials integer NOT NULL,
  denial_days integer NOT NULL
);

-- The dataset of a current file: Provider Information, or one of the inspection tables (null for archives, which
-- hold all three).
ALTER TABLE cms_file ADD COLUMN dataset text CHECK (dataset IN ('provider', 'citations', 'penalties'));
UPDATE cms_file SET dataset = 'provider' WHERE kind = 'current';

-- Provider Information's Abuse Icon (since October 2019).
ALTER TABLE facility ADD COLUMN abuse_icon boolean;

-- The next start or ingest computes facility_inspection.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
