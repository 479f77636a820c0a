-- Every staffing figure of Provider Information, per release (docs/api.md, "Staffing"; src/ingest/staffing.ts):
-- * staffing_period: a facility's figures from the release of `from_date` on, until its next row. Staffing changes
--   quarterly (CMS's payroll-based journal) while releases are monthly, so a row is written only when a release's
--   figures differ from those in force for the facility (the figures of a release are those of the facility's row
--   with the greatest from_date on or before it): about a third of the rows one per release would take. A release
--   whose layout lacks every staffing column has all of them null, and writes a row of nulls when the figures in
--   force were not. Hours are CMS's five decimals, which a real holds exactly (printed back as CMS wrote them).
-- * staffing_average: derived at each publication, the product's own mean of each figure over the current
--   facilities per state and for the nation (scope 'national'), as JSON text keyed like the API's figures.
-- * facility and rating_alert gain the list's staffing columns (total nurse hours and weekend total nurse hours;
--   RN hours and total turnover they had), with indexes in the list's order for sort=nurseHours and
--   sort=weekendNurseHours: most hours first, no value last, then name and CCN (src/server/repository.ts).
CREATE TABLE staffing_period (
  ccn text NOT NULL,
  from_date date NOT NULL,
  nurse_aide_hours real,
  lpn_hours real,
  rn_hours real,
  licensed_hours real,
  total_nurse_hours real,
  weekend_total_nurse_hours real,
  weekend_rn_hours real,
  physical_therapist_hours real,
  case_mix_nurse_aide_hours real,
  case_mix_lpn_hours real,
  case_mix_rn_hours real,
  case_mix_total_nurse_hours real,
  case_mix_weekend_total_nurse_hours real,
  adjusted_nurse_aide_hours real,
  adjusted_lpn_hours real,
  adjusted_rn_hours real,
  adjusted_total_nurse_hours real,
  adjusted_weekend_total_nurse_hours real,
  total_nurse_turnover real,
  rn_turnover real,
  administrators_left smallint,
  nursing_case_mix_index real,
  nursing_case_mix_index_ratio real,
  reported_staffing_footnote smallint,
  physical_therapist_footnote smallint,
  total_turnover_footnote smallint,
  rn_turnover_footnote smallint,
  administrator_footnote smallint,
  PRIMARY KEY (ccn, from_date)
);
-- For the removal of a month's rows (an unpublished load).
CREATE INDEX staffing_period_date_idx ON staffing_period (from_date);

CREATE TABLE staffing_average (
  scope text PRIMARY KEY,
  body text NOT NULL
);

ALTER TABLE facility
  ADD COLUMN total_nurse_hours double precision,
  ADD COLUMN weekend_total_nurse_hours double precision;
CREATE INDEX facility_nurse_hours_idx ON facility ((coalesce(-total_nurse_hours, 1)), provider_name, ccn);
CREATE INDEX facility_weekend_nurse_hours_idx
  ON facility ((coalesce(-weekend_total_nurse_hours, 1)), provider_name, ccn);

ALTER TABLE rating_alert
  ADD COLUMN total_nurse_hours double precision,
  ADD COLUMN weekend_total_nurse_hours double precision,
  ADD COLUMN rn_staffing_hours_per_resident_per_day double precision,
  ADD COLUMN total_nursing_staff_turnover double precision;

-- Derived: the next start or ingest computes them (list items gain the staffing fields).
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
