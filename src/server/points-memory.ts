// The map's points of any view without a query (docs/architecture.md, "Places and positions"): a columnar copy of
// every current facility's point and the columns the list's filters read, held in memory per data version and
// filtered here with the semantics of the list's SQL (src/server/repository.ts, filterSql). The answer is the same
// text the SQL path writes (src/db/map-points.ts): tested view by view against it.
//
// The copy is read from the database in three statements that each read the data version too (kept only when they
// agree: the version and the rows are of one publication), in the background when a server first needs it for a data version, never while a request waits: until it
// is there the SQL path answers. Each server builds its own (several servers may share one PostgreSQL database).
// About 3 MB for 15,000 facilities.
import { METRIC_COLUMN } from "../core/alert-metrics.ts";
import { effectiveSort } from "../core/api-query.ts";
import type { FacilityQuery } from "../core/api-types.ts";
import { ALERT_METRICS, ALERT_PERIODS } from "../core/constants.ts";
import { HARM_FILTER_LEVEL } from "../core/inspections.ts";
import type { SffFilter } from "../core/special-focus.ts";
import type { Queryable } from "../db/client.ts";
import { boundingBox, DATA_VERSION_SQL, type DistanceFilter } from "./repository.ts";

/** No value in an integer column (SQL NULL). */
const NONE = -1;

/** PostgreSQL's radians() factor (RADIANS_PER_DEGREE in its float.c, 0.0174532925199432957692, as a double). */
const RADIANS_PER_DEGREE = 0.017453292519943295;

/** miles_between() of migration 0011, written with the same operations in the same order. */
function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a =
    Math.sin(((lat2 - lat1) * RADIANS_PER_DEGREE) / 2) ** 2 +
    Math.cos(lat1 * RADIANS_PER_DEGREE) *
      Math.cos(lat2 * RADIANS_PER_DEGREE) *
      Math.sin(((lon2 - lon1) * RADIANS_PER_DEGREE) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * How close (in miles) a distance may come to the radius, or two distances to each other, before the answer is left
 * to the database: its sine and arc sine may differ from JavaScript's in the last bit, which could only decide
 * between two values this close.
 */
const DISTANCE_MARGIN = 1e-9;

/** The special focus statuses as the copy codes them (0: neither, or not known). */
const SPECIAL_FOCUS: Record<string, number> = { sff: 1, candidate: 2 };
/** The codes each `sff` filter keeps. */
const SFF_KEPT: Record<SffFilter, readonly number[]> = { sff: [1], candidate: [2], either: [1, 2] };

const TRUE = Buffer.from("true");
const FALSE = Buffer.from("false");

/** A facility's row as the build reads it (JSON array, in the list's name order). */
type FacilityRow = [
  ccn: string,
  point: string | null,
  state: string | null,
  rating: number | null,
  entity: string | null,
  lowerEntity: string | null,
  lowerName: string | null,
  harm: number | null,
  abuse: boolean | null,
  latitude: number | null,
  longitude: number | null,
  nurseHours: number | null,
  weekendNurseHours: number | null,
  specialFocus: string | null,
  ownershipChanged: boolean | null,
];

/** A current alert row as the build reads it: period, CCN, then abs_<metric>_diff in ALERT_METRICS order. */
type AlertRow = [period: string, ccn: string, ...diffs: number[]];

/** The list columns an alert row copies from its facility, compared at build (the alert filter reads the copies). */
const COPIED_COLUMNS = [
  "provider_name",
  "state",
  "overall_rating",
  "affiliated_entity_name",
  "harm_level",
  "is_abuse",
  "position_latitude",
  "position_longitude",
  "point",
  "total_nurse_hours",
  "weekend_total_nurse_hours",
  "special_focus",
  "ownership_changed",
];

/**
 * The statements that read the copy, each with the data version it read (three statements of a fraction of a second
 * each, rather than one that would hold the embedded database for all of it): the copy is kept only when all three
 * read the same version.
 */
const READ_FACILITIES = `SELECT (${DATA_VERSION_SQL}) AS version,
  (SELECT json_agg(json_build_array(f.ccn, f.point, f.state, f.overall_rating, f.affiliated_entity_name,
      lower(f.affiliated_entity_name), lower(f.provider_name), f.harm_level, f.is_abuse, f.position_latitude,
      f.position_longitude, f.total_nurse_hours, f.weekend_total_nurse_hours, f.special_focus, f.ownership_changed)
      ORDER BY f.provider_name, f.ccn)::text
   FROM facility f) AS rows`;
const READ_ALERTS = `SELECT (${DATA_VERSION_SQL}) AS version,
  (SELECT json_agg(json_build_array(a.period, a.ccn, ${ALERT_METRICS.map((metric) => `a.abs_${METRIC_COLUMN[metric]}_diff`).join(", ")}))::text
   FROM rating_alert a WHERE a.is_current) AS rows`;
const COUNT_UNLIKE = `SELECT (${DATA_VERSION_SQL}) AS version,
  (SELECT count(*)::integer FROM rating_alert a LEFT JOIN facility f ON f.ccn = a.ccn
   WHERE a.is_current AND (f.ccn IS NULL OR ${COPIED_COLUMNS.map((column) => `a.${column} IS DISTINCT FROM f.${column}`).join(" OR ")}))
   AS unlike`;

/** Facilities copied between two pauses while the copy is built. */
const BUILD_CHUNK = 3_000;

/** The columns of every current facility, in the list's name order (index = rank by name, then CCN). */
export class PointColumns {
  readonly size: number;
  private readonly ccn: string[];
  private readonly byCcn = new Map<string, number>();
  /**
   * The point's parts as the answer's arrays write them, as UTF-8 bytes one facility after another: facility i's
   * quoted CCN, latitude, longitude and rating start at `parts[4i]` to `parts[4i + 3]`, and end where the next part
   * starts (all empty: no point). Written by copying bytes: far cheaper than joining 60,000 strings.
   */
  private text: Buffer = Buffer.alloc(0);
  private readonly parts: Int32Array;
  private readonly approximate: Uint8Array;
  private readonly hasPoint: Uint8Array;
  /** Index into `states` (0: none). */
  private readonly state: Uint8Array;
  private readonly states: (string | null)[] = [null];
  private readonly rating: Int16Array;
  /** Index into `entities` and `lowerEntities` (0: none). */
  private readonly entity: Int32Array;
  private readonly entities: (string | null)[] = [null];
  private readonly lowerEntities: (string | null)[] = [null];
  private readonly lowerName: (string | null)[];
  private readonly harm: Int8Array;
  private readonly abuse: Uint8Array;
  /** The position (NaN: none). */
  private readonly latitude: Float64Array;
  private readonly longitude: Float64Array;
  /** Reported total nurse hours per resident per day, and at weekends (NaN: none). */
  private readonly nurseHours: Float64Array;
  private readonly weekendNurseHours: Float64Array;
  /** CMS's special focus status (SPECIAL_FOCUS: 1 sff, 2 candidate; 0 neither or unknown). */
  private readonly specialFocus: Uint8Array;
  /** CMS's ownership change flag (1: true; 0: false or unknown). */
  private readonly ownershipChanged: Uint8Array;
  /** Per period and metric, the |change| of each facility's current alert row (NONE: no such row); null: alert views are left to SQL. */
  private alerts: Map<string, Int16Array> | null = null;
  /** While the copy is built: the parts' texts so far, their length in bytes, and the states' and entities' indexes. */
  private readonly pieces: string[] = [];
  private length = 0;
  private readonly stateIndex = new Map<string, number>();
  private readonly entityIndex = new Map<string, number>();

  private constructor(
    readonly version: string,
    size: number,
  ) {
    this.size = size;
    this.ccn = new Array(size);
    this.parts = new Int32Array(4 * size + 1);
    this.lowerName = new Array(size);
    this.approximate = new Uint8Array(size);
    this.hasPoint = new Uint8Array(size);
    this.state = new Uint8Array(size);
    this.rating = new Int16Array(size);
    this.entity = new Int32Array(size);
    this.harm = new Int8Array(size);
    this.abuse = new Uint8Array(size);
    this.latitude = new Float64Array(size);
    this.longitude = new Float64Array(size);
    this.nurseHours = new Float64Array(size);
    this.weekendNurseHours = new Float64Array(size);
    this.specialFocus = new Uint8Array(size);
    this.ownershipChanged = new Uint8Array(size);
  }

  /** Built from the rows a few thousand at a time, letting requests in between (15,000 rows take some 100 ms). */
  private static async build(version: string, rows: FacilityRow[], alertRows: AlertRow[] | null) {
    const columns = new PointColumns(version, rows.length);
    for (let from = 0; from < rows.length; from += BUILD_CHUNK) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      columns.fill(rows, from, Math.min(rows.length, from + BUILD_CHUNK));
    }
    columns.finish(alertRows);
    return columns;
  }

  private piece(at: number, value: string) {
    this.parts[at] = this.length;
    this.pieces.push(value);
    this.length += Buffer.byteLength(value);
  }

  private fill(rows: FacilityRow[], from: number, to: number) {
    const { stateIndex, entityIndex } = this;
    for (let index = from; index < to; index += 1) {
      const row = rows[index] as FacilityRow;
      const [
        ccn,
        point,
        state,
        rating,
        entity,
        lowerEntity,
        lowerName,
        harm,
        abuse,
        latitude,
        longitude,
        nurseHours,
        weekendNurseHours,
        specialFocus,
        ownershipChanged,
      ] = row;
      this.ccn[index] = ccn;
      this.byCcn.set(ccn, index);
      if (point !== null) {
        // As pointsJson reads it (src/db/map-points.ts).
        const [, lat = "", lon = "", stars = "", rough = ""] = point.split("|");
        this.hasPoint[index] = 1;
        this.piece(4 * index, `"${ccn}"`);
        this.piece(4 * index + 1, lat);
        this.piece(4 * index + 2, lon);
        this.piece(4 * index + 3, stars === "" ? "null" : stars);
        this.approximate[index] = rough === "1" ? 1 : 0;
      } else {
        for (let part = 0; part < 4; part += 1) this.parts[4 * index + part] = this.length;
      }
      if (state !== null) {
        let at = stateIndex.get(state);
        if (at === undefined) {
          at = this.states.push(state) - 1;
          stateIndex.set(state, at);
        }
        this.state[index] = at;
      }
      this.rating[index] = rating ?? NONE;
      if (entity !== null) {
        let at = entityIndex.get(entity);
        if (at === undefined) {
          at = this.entities.push(entity) - 1;
          this.lowerEntities.push(lowerEntity);
          entityIndex.set(entity, at);
        }
        this.entity[index] = at;
      }
      this.lowerName[index] = lowerName;
      this.harm[index] = harm ?? NONE;
      this.abuse[index] = abuse === true ? 1 : 0;
      this.latitude[index] = latitude ?? Number.NaN;
      this.longitude[index] = longitude ?? Number.NaN;
      this.nurseHours[index] = nurseHours ?? Number.NaN;
      this.weekendNurseHours[index] = weekendNurseHours ?? Number.NaN;
      this.specialFocus[index] = specialFocus === null ? 0 : (SPECIAL_FOCUS[specialFocus] ?? 0);
      this.ownershipChanged[index] = ownershipChanged === true ? 1 : 0;
    }
  }

  private finish(alertRows: AlertRow[] | null) {
    const { size } = this;
    this.parts[4 * size] = this.length;
    this.text = Buffer.from(this.pieces.join(""), "utf8");
    this.pieces.length = 0;
    if (this.states.length > 256) throw new Error("more states than the copy holds");
    if (alertRows === null) return;
    this.alerts = new Map();
    for (const period of ALERT_PERIODS) {
      for (const metric of ALERT_METRICS)
        this.alerts.set(`${period}|${metric}`, new Int16Array(size).fill(NONE));
    }
    for (const [period, ccn, ...diffs] of alertRows) {
      const index = this.byCcn.get(ccn);
      if (index === undefined) continue;
      ALERT_METRICS.forEach((metric, at) => {
        const column = this.alerts?.get(`${period}|${metric}`);
        if (column) column[index] = diffs[at] ?? NONE;
      });
    }
  }

  /**
   * Reads the copy of the current facilities, with the data version it is of; null when a publication changed the
   * data between its statements.
   */
  static async read(db: Queryable): Promise<PointColumns | null> {
    const [facilities] = await db.query<{ version: string | null; rows: string | null }>(READ_FACILITIES);
    const [unlike] = await db.query<{ version: string | null; unlike: number }>(COUNT_UNLIKE);
    const [alerts] = await db.query<{ version: string | null; rows: string | null }>(READ_ALERTS);
    const version = facilities?.version ?? "0";
    if ((unlike?.version ?? "0") !== version || (alerts?.version ?? "0") !== version) return null;
    const rows = JSON.parse(facilities?.rows ?? "[]") as FacilityRow[];
    // Alert views filter the alert rows' copies of the list columns: answered here only when they are the
    // facilities' own (always, as the ingest writes them), else left to SQL.
    const alertRows = unlike?.unlike === 0 ? (JSON.parse(alerts?.rows ?? "[]") as AlertRow[]) : null;
    return PointColumns.build(version, rows, alertRows);
  }

  /**
   * The answer of /api/facilities/points for the view, as the SQL path writes it (listPoints and
   * countWithoutPosition); null when the view is left to SQL (an alert view when the alert rows' copies differ, or a
   * distance that comes within a hair of the radius or of another, see DISTANCE_MARGIN).
   */
  points(query: FacilityQuery, near: DistanceFilter | null): string | null {
    return this.pointsBytes(query, near)?.toString("utf8") ?? null;
  }

  /** points(), as the UTF-8 bytes the answer is sent and compressed from (no round trip through a string). */
  pointsBytes(query: FacilityQuery, near: DistanceFilter | null): Buffer | null {
    const alertColumn = query.alertEnabled
      ? this.alerts?.get(`${query.alertPeriod}|${query.alertMetric}`)
      : undefined;
    if (query.alertEnabled && !alertColumn) return null;
    // Owners are not in the copy: their views are left to SQL.
    if (query.owners?.length) return null;
    // The view without `near` (whose facilities without a position are counted), as a list of indexes in name order.
    const matches = this.filter(query, alertColumn ?? null);
    let withoutPosition = 0;
    for (let at = 0; at < matches.length; at += 1) {
      if (Number.isNaN(this.latitude[matches[at] as number] as number)) withoutPosition += 1;
    }
    let chosen = matches;
    let distances: Float64Array | null = null;
    if (near) {
      const within = this.near(matches, near);
      if (within === null) return null;
      chosen = within.indexes;
      distances = within.distances;
    }
    const sort = effectiveSort(query);
    let order: Int32Array = chosen;
    if (sort === "distance" && near && distances) {
      order = this.byDistance(chosen, distances);
      if (order.length === 0 && chosen.length > 0) return null;
    } else if (sort === "rating") {
      order = this.byRating(chosen);
    } else if (sort === "nurseHours" || sort === "weekendNurseHours") {
      order = this.byMostFirst(chosen, sort === "nurseHours" ? this.nurseHours : this.weekendNurseHours);
    }
    return this.write(order, withoutPosition);
  }

  /** The indexes of the facilities of the view without `near`, in name order. */
  private filter(query: FacilityQuery, alertColumn: Int16Array | null): Int32Array {
    const size = this.size;
    const rating = query.rating ?? null;
    const states = query.states.length ? this.stateSet(query.states) : null;
    const entities = query.entities.length ? this.entitySet(query.entities) : null;
    const ccns = query.ccns ? new Set(query.ccns.map((ccn) => this.byCcn.get(ccn) ?? NONE)) : null;
    const harmLevel = query.harm ? HARM_FILTER_LEVEL[query.harm] : null;
    const abuse = query.abuse === true;
    // `sff`: the statuses it keeps (special_focus = 'sff', = 'candidate', or IS NOT NULL).
    const sff = query.sff ? SFF_KEPT[query.sff] : null;
    const ownershipChanged = query.ownershipChanged === true;
    // LIKE '%text%' over lower(): the database's lower() of the column, JavaScript's of the text (as likePattern).
    const search = query.search ? query.search.toLowerCase() : null;
    const threshold = query.alertThreshold;
    const out = new Int32Array(size);
    let count = 0;
    for (let index = 0; index < size; index += 1) {
      if (alertColumn && (alertColumn[index] as number) < threshold) continue;
      if (rating !== null) {
        const stars = this.rating[index] as number;
        if (stars === NONE || stars < rating) continue;
      }
      if (states && !states[this.state[index] as number]) continue;
      if (entities && !entities.has(this.entity[index] as number)) continue;
      if (ccns && !ccns.has(index)) continue;
      if (harmLevel !== null) {
        const level = this.harm[index] as number;
        if (level === NONE || (harmLevel === 4 ? level !== 4 : level < harmLevel)) continue;
      }
      if (abuse && this.abuse[index] !== 1) continue;
      if (sff !== null && !sff.includes(this.specialFocus[index] as number)) continue;
      if (ownershipChanged && this.ownershipChanged[index] !== 1) continue;
      if (search !== null) {
        const name = this.lowerName[index];
        const entity = this.lowerEntities[this.entity[index] as number];
        if (!name?.includes(search) && !entity?.includes(search)) continue;
      }
      out[count] = index;
      count += 1;
    }
    return out.subarray(0, count);
  }

  private stateSet(states: string[]): Uint8Array {
    const wanted = new Set(states);
    const set = new Uint8Array(this.states.length);
    this.states.forEach((state, at) => {
      if (state !== null && wanted.has(state)) set[at] = 1;
    });
    return set;
  }

  private entitySet(entities: string[]): Set<number> {
    const wanted = new Set(entities);
    const set = new Set<number>();
    this.entities.forEach((entity, at) => {
      if (entity !== null && wanted.has(entity)) set.add(at);
    });
    return set;
  }

  /**
   * The facilities of `indexes` within the radius (the bounding box, then the distance, as filterSql), with their
   * distances; null when one lies within DISTANCE_MARGIN of the radius.
   */
  private near(
    indexes: Int32Array,
    { place, radius }: DistanceFilter,
  ): { indexes: Int32Array; distances: Float64Array } | null {
    const box = boundingBox(place, radius);
    const out = new Int32Array(indexes.length);
    const distances = new Float64Array(indexes.length);
    let count = 0;
    for (let at = 0; at < indexes.length; at += 1) {
      const index = indexes[at] as number;
      const latitude = this.latitude[index] as number;
      const longitude = this.longitude[index] as number;
      if (Number.isNaN(latitude) || Number.isNaN(longitude)) continue;
      if (latitude < box.south || latitude > box.north) continue;
      if (box.west !== null && box.east !== null && (longitude < box.west || longitude > box.east)) continue;
      const distance = milesBetween(place.latitude, place.longitude, latitude, longitude);
      if (Math.abs(distance - radius) <= DISTANCE_MARGIN) return null;
      if (distance > radius) continue;
      out[count] = index;
      distances[count] = distance;
      count += 1;
    }
    return { indexes: out.subarray(0, count), distances: distances.subarray(0, count) };
  }

  /**
   * Nearest first, then by name (the indexes' order); empty when two facilities at different positions lie within
   * DISTANCE_MARGIN of each other (the database might order them the other way).
   */
  private byDistance(indexes: Int32Array, distances: Float64Array): Int32Array {
    const order = Array.from({ length: indexes.length }, (_, at) => at);
    order.sort((a, b) => (distances[a] as number) - (distances[b] as number) || a - b);
    const sorted = new Int32Array(order.length);
    for (let at = 0; at < order.length; at += 1) {
      const here = order[at] as number;
      sorted[at] = indexes[here] as number;
      if (at === 0) continue;
      const before = order[at - 1] as number;
      const gap = (distances[here] as number) - (distances[before] as number);
      if (gap > DISTANCE_MARGIN) continue;
      const a = indexes[before] as number;
      const b = indexes[here] as number;
      const samePlace = this.latitude[a] === this.latitude[b] && this.longitude[a] === this.longitude[b];
      if (!samePlace) return new Int32Array(0);
    }
    return sorted;
  }

  /** Best rating first, unrated (none, or 0) last, then by name: coalesce(6 - nullif(rating, 0), 6) as filterSql. */
  private byRating(indexes: Int32Array): Int32Array {
    const buckets = new Map<number, number[]>();
    for (let at = 0; at < indexes.length; at += 1) {
      const index = indexes[at] as number;
      const stars = this.rating[index] as number;
      const key = stars === NONE || stars === 0 ? 6 : 6 - stars;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(index);
      else buckets.set(key, [index]);
    }
    const keys = [...buckets.keys()].sort((a, b) => a - b);
    const sorted = new Int32Array(indexes.length);
    let count = 0;
    for (const key of keys) for (const index of buckets.get(key) ?? []) sorted[count++] = index;
    return sorted;
  }

  /**
   * Most first, none last, then by name (the indexes' order): coalesce(-hours, 1) as filterSql. The hours are the
   * database's doubles, so equal values compare equal here too.
   */
  private byMostFirst(indexes: Int32Array, values: Float64Array): Int32Array {
    const key = (index: number) => {
      const value = values[index] as number;
      return Number.isNaN(value) ? 1 : -value;
    };
    const order = Array.from(indexes);
    order.sort((a, b) => key(a) - key(b) || a - b);
    return Int32Array.from(order);
  }

  /** The JSON text of the answer: the points of `order` that have one, and the count without a position. */
  private write(order: Int32Array, withoutPosition: number): Buffer {
    const { text, parts, hasPoint, approximate } = this;
    const chosen = new Int32Array(order.length);
    let points = 0;
    let bytes = 0;
    for (let at = 0; at < order.length; at += 1) {
      const index = order[at] as number;
      if (hasPoint[index] !== 1) continue;
      chosen[points] = index;
      points += 1;
      bytes += (parts[4 * index + 4] as number) - (parts[4 * index] as number);
    }
    const names = [
      '{"ccn":[',
      '],"latitude":[',
      '],"longitude":[',
      '],"overallRating":[',
      '],"approximate":[',
    ];
    const tail = `],"withoutPosition":${Math.trunc(withoutPosition)}}`;
    // The parts, "false" and a comma for each point, the arrays' names and the tail (all ASCII but the parts).
    const out = Buffer.allocUnsafe(bytes + 11 * points + 100 + tail.length);
    let position = 0;
    for (let part = 0; part < 5; part += 1) {
      position += out.write(names[part] as string, position, "latin1");
      for (let at = 0; at < points; at += 1) {
        const index = chosen[at] as number;
        if (at > 0) out[position++] = 44; // ,
        if (part === 4) {
          const word = approximate[index] === 1 ? TRUE : FALSE;
          for (let byte = 0; byte < word.length; byte += 1) out[position++] = word[byte] as number;
          continue;
        }
        const end = parts[4 * index + part + 1] as number;
        for (let byte = parts[4 * index + part] as number; byte < end; byte += 1) {
          out[position++] = text[byte] as number;
        }
      }
    }
    position += out.write(tail, position, "latin1");
    return out.subarray(0, position);
  }
}

/** How long after a failed read the copy of the same data version is read again. */
const RETRY_MS = 10_000;

/**
 * The copy of the data version a request is answered under, built in the background the first time a server needs
 * it (one build at a time, one attempt per version asked for); only the newest is kept.
 */
export class PointColumnsHolder {
  private current: PointColumns | null = null;
  private building: Promise<void> | null = null;
  private readonly asked = new Set<string>();

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The copy of `version` when it is built; otherwise null, and its build starts (unless one runs). */
  get(version: string): PointColumns | null {
    if (this.current?.version === version) return this.current;
    this.build(version);
    return null;
  }

  /**
   * Starts a build for `version` unless one runs or one was started for it; resolves when the build running ends.
   */
  build(version: string): Promise<void> {
    if (this.building) return this.building;
    if (this.asked.has(version) || this.current?.version === version) return Promise.resolve();
    this.asked.add(version);
    if (this.asked.size > 100) this.asked.delete(this.asked.values().next().value as string);
    this.building = PointColumns.read(this.db)
      .then((columns) => {
        if (columns) this.current = columns;
        // New data came while it was read: read again when next asked.
        else this.asked.delete(version);
      })
      .catch((error: unknown) => {
        this.onError(error);
        // Tried again a little later.
        setTimeout(() => this.asked.delete(version), RETRY_MS).unref();
      })
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }
}
