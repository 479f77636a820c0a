// A facility's position (docs/architecture.md, "Places and positions"), as SQL over a facility row `f` joined with
// its ZIP code's location `z` (src/db/zip-locations.ts) and its three-digit area's `a` (POSITION_JOINS): written with the row when the
// facilities are loaded (an update afterwards would leave a dead copy of every row behind), and checked again when
// the derived tables are computed.

/** A facility's ZIP code as five digits (a ZIP+4 cut, a ZIP whose leading zeros a spreadsheet dropped padded). */
export const zip5 = (zip: string) => `lpad(substring(${zip} from '^[0-9]{3,5}'), 5, '0')`;

/** CMS coordinates that place a facility (not missing, in range, not the 0,0 a blank cell sometimes becomes). */
export const HAS_COORDINATES =
  "f.latitude BETWEEN -90 AND 90 AND f.longitude BETWEEN -180 AND 180 AND NOT (f.latitude = 0 AND f.longitude = 0)";

/** The joins the position columns read: the ZIP code, and the ZIP codes of its first three digits. */
export const POSITION_JOINS = `LEFT JOIN zip_location z ON z.zip = ${zip5("f.zip")}
  LEFT JOIN zip3_location a ON a.zip3 = left(${zip5("f.zip")}, 3)`;

/** The position columns, in this order, for an INSERT's column list. */
export const POSITION_COLUMNS = ["position_latitude", "position_longitude", "position_approximate", "point"];

const latitude = `CASE WHEN ${HAS_COORDINATES} THEN f.latitude ELSE coalesce(z.latitude, a.latitude) END`;
const longitude = `CASE WHEN ${HAS_COORDINATES} THEN f.longitude ELSE coalesce(z.longitude, a.longitude) END`;
const approximate = `CASE WHEN ${HAS_COORDINATES} THEN false WHEN coalesce(z.latitude, a.latitude) IS NOT NULL THEN true END`;
/** The map's point: "ccn|latitude|longitude|rating|1 when approximate", coordinates to 4 decimals (about 10 m). */
const point = `f.ccn || '|' || round((${latitude})::numeric, 4)::float8 || '|' || round((${longitude})::numeric, 4)::float8
  || '|' || coalesce(nullif(f.overall_rating, 0)::text, '') || '|' || CASE WHEN ${approximate} THEN 1 ELSE 0 END`;

/** The values of POSITION_COLUMNS over `f` with POSITION_JOINS: its CMS coordinates, else its ZIP code's. */
export const POSITION_VALUES = [latitude, longitude, approximate, point];
