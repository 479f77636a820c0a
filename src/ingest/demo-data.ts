// Deterministic demo data: CMS Provider Information CSV files in the newest (2025+) layout, one per release month,
// so the product can be developed, tested and benchmarked at full size without the real files.
// Same options give byte-identical files: all randomness comes from one seeded PRNG drawn in a fixed order.

import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

export interface DemoOptions {
  facilities?: number;
  months?: number;
  seed?: number;
  endMonth?: string;
}
export interface DemoFile {
  path: string;
  processingDate: string;
}

const DEFAULT_FACILITIES = 15000;
const DEFAULT_MONTHS = 36;
const DEFAULT_SEED = 20240601;
const DEFAULT_END_MONTH = "2026-10";

// The header of the newest Provider Information layout (May 2026), in file order.
const COLUMNS = [
  "CMS Certification Number (CCN)",
  "Provider Name",
  "Provider Address",
  "City/Town",
  "State",
  "ZIP Code",
  "Telephone Number",
  "Provider SSA County Code",
  "County/Parish",
  "Urban",
  "Ownership Type",
  "Number of Certified Beds",
  "Average Number of Residents per Day",
  "Average Number of Residents per Day Footnote",
  "Provider Type",
  "Provider Resides in Hospital",
  "Legal Business Name",
  "Date First Approved to Provide Medicare and Medicaid Services",
  "Chain Name",
  "Chain ID",
  "Number of Facilities in Chain",
  "Chain Average Overall 5-star Rating",
  "Chain Average Health Inspection Rating",
  "Chain Average Staffing Rating",
  "Chain Average QM Rating",
  "Continuing Care Retirement Community",
  "Special Focus Status",
  "Abuse Icon",
  "Most Recent Health Inspection More Than 2 Years Ago",
  "Provider Changed Ownership in Last 12 Months",
  "With a Resident and Family Council",
  "Automatic Sprinkler Systems in All Required Areas",
  "Overall Rating",
  "Overall Rating Footnote",
  "Health Inspection Rating",
  "Health Inspection Rating Footnote",
  "QM Rating",
  "QM Rating Footnote",
  "Long-Stay QM Rating",
  "Long-Stay QM Rating Footnote",
  "Short-Stay QM Rating",
  "Short-Stay QM Rating Footnote",
  "Staffing Rating",
  "Staffing Rating Footnote",
  "Reported Staffing Footnote",
  "Physical Therapist Staffing Footnote",
  "Reported Nurse Aide Staffing Hours per Resident per Day",
  "Reported LPN Staffing Hours per Resident per Day",
  "Reported RN Staffing Hours per Resident per Day",
  "Reported Licensed Staffing Hours per Resident per Day",
  "Reported Total Nurse Staffing Hours per Resident per Day",
  "Total number of nurse staff hours per resident per day on the weekend",
  "Registered Nurse hours per resident per day on the weekend",
  "Reported Physical Therapist Staffing Hours per Resident Per Day",
  "Total nursing staff turnover",
  "Total nursing staff turnover footnote",
  "Registered Nurse turnover",
  "Registered Nurse turnover footnote",
  "Number of administrators who have left the nursing home",
  "Administrator turnover footnote",
  "Nursing Case-Mix Index",
  "Nursing Case-Mix Index Ratio",
  "Case-Mix Nurse Aide Staffing Hours per Resident per Day",
  "Case-Mix LPN Staffing Hours per Resident per Day",
  "Case-Mix RN Staffing Hours per Resident per Day",
  "Case-Mix Total Nurse Staffing Hours per Resident per Day",
  "Case-Mix Weekend Total Nurse Staffing Hours per Resident per Day",
  "Adjusted Nurse Aide Staffing Hours per Resident per Day",
  "Adjusted LPN Staffing Hours per Resident per Day",
  "Adjusted RN Staffing Hours per Resident per Day",
  "Adjusted Total Nurse Staffing Hours per Resident per Day",
  "Adjusted Weekend Total Nurse Staffing Hours per Resident per Day",
  "Rating Cycle 1 Standard Survey Health Date",
  "Rating Cycle 1 Total Number of Health Deficiencies",
  "Rating Cycle 1 Number of Standard Health Deficiencies",
  "Rating Cycle 1 Number of Complaint Health Deficiencies",
  "Rating Cycle 1 Health Deficiency Score",
  "Rating Cycle 1 Number of Health Revisits",
  "Rating Cycle 1 Health Revisit Score",
  "Rating Cycle 1 Total Health Score",
  "Rating Cycle 2 Standard Health Survey Date",
  "Rating Cycle 2/3 Total Number of Health Deficiencies",
  "Rating Cycle 2 Number of Standard Health Deficiencies",
  "Rating Cycle 2/3 Number of Complaint Health Deficiencies",
  "Rating Cycle 2/3 Health Deficiency Score",
  "Rating Cycle 2/3 Number of Health Revisits",
  "Rating Cycle 2/3 Health Revisit Score",
  "Rating Cycle 2/3 Total Health Score",
  "Total Weighted Health Survey Score",
  "Number of Citations from Infection Control Inspections",
  "Number of Fines",
  "Total Amount of Fines in Dollars",
  "Number of Payment Denials",
  "Total Number of Penalties",
  "Location",
  "Latitude",
  "Longitude",
  "Geocoding Footnote",
  "Processing Date",
] as const;

// ------------------------------------------------------------------------------------------------------------
// Release calendar

const MONTH_ABBR = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
/** Months missing from the public record besides every December. */
const GAP_MONTHS = new Set(["2025-01", "2025-08", "2026-01"]);

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function isReleaseMonth(year: number, month: number): boolean {
  return month !== 12 && !GAP_MONTHS.has(`${year}-${pad2(month)}`);
}

function parseYearMonth(value: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`endMonth must be 'YYYY-MM', got '${value}'`);
  return { year: Number(match[1]), month };
}

/** The release months the generator uses, oldest first, as 'YYYY-MM-01' strings. */
export function demoReleaseDates(months: number, endMonth: string = DEFAULT_END_MONTH): string[] {
  if (!Number.isInteger(months) || months < 0) throw new RangeError(`months must be a whole number >= 0`);
  let { year, month } = parseYearMonth(endMonth);
  const dates: string[] = [];
  while (dates.length < months) {
    if (isReleaseMonth(year, month)) dates.push(`${year}-${pad2(month)}-01`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return dates.reverse();
}

// ------------------------------------------------------------------------------------------------------------
// Seeded randomness

class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  range(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  /** Index drawn with the given weights. */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const a = items[i] as T;
      items[i] = items[j] as T;
      items[j] = a;
    }
    return items;
  }
}

// ------------------------------------------------------------------------------------------------------------
// Geography

interface StateDef {
  code: string;
  ssa: string;
  /** Roughly the real number of nursing homes, used as the weight. */
  weight: number;
  zip: [number, number];
  box: [number, number, number, number];
  areaCodes: number[];
}

// code, SSA state code, weight, ZIP3 range, [latMin, latMax, lonMin, lonMax], area codes
const STATES: StateDef[] = [
  st("AL", "01", 225, 350, 369, [30.3, 35.0, -88.4, -85.0], [205, 256, 334, 251]),
  st("AK", "02", 19, 995, 999, [55.4, 64.9, -152.0, -131.5], [907]),
  st("AZ", "03", 145, 850, 865, [31.4, 36.9, -114.6, -109.1], [602, 480, 520, 928]),
  st("AR", "04", 220, 716, 729, [33.1, 36.4, -94.5, -89.7], [501, 479, 870]),
  st("CA", "05", 1180, 900, 961, [32.6, 41.0, -122.5, -115.5], [213, 310, 415, 619, 714, 818, 916, 559]),
  st("CO", "06", 220, 800, 816, [37.0, 41.0, -108.9, -102.1], [303, 719, 970]),
  st("CT", "07", 200, 60, 69, [41.05, 42.0, -73.6, -71.8], [203, 860]),
  st("DE", "08", 45, 197, 199, [38.5, 39.8, -75.75, -75.1], [302]),
  st("DC", "09", 17, 200, 200, [38.82, 38.98, -77.1, -76.92], [202]),
  st("FL", "10", 695, 320, 349, [25.2, 30.9, -87.4, -80.1], [305, 407, 813, 904, 561, 727, 352, 850]),
  st("GA", "11", 355, 300, 319, [30.5, 34.9, -85.5, -81.0], [404, 770, 912, 706, 478]),
  st("HI", "12", 42, 967, 968, [19.0, 22.1, -159.7, -155.0], [808]),
  st("ID", "13", 78, 832, 838, [42.1, 48.9, -117.1, -111.1], [208]),
  st("IL", "14", 700, 600, 629, [37.1, 42.4, -91.4, -87.6], [312, 217, 309, 618, 815, 847, 630]),
  st("IN", "15", 530, 460, 479, [37.9, 41.7, -88.0, -84.8], [317, 219, 260, 765, 812]),
  st("IA", "16", 420, 500, 528, [40.5, 43.4, -96.5, -90.2], [515, 319, 563, 712, 641]),
  st("KS", "17", 320, 660, 679, [37.0, 39.9, -101.9, -94.7], [316, 785, 913, 620]),
  st("KY", "18", 280, 400, 427, [36.6, 39.0, -89.3, -82.0], [502, 859, 606, 270]),
  st("LA", "19", 270, 700, 714, [29.2, 32.9, -93.8, -89.2], [504, 225, 318, 337, 985]),
  st("ME", "20", 90, 39, 49, [43.1, 47.3, -70.9, -67.1], [207]),
  st("MD", "21", 225, 206, 219, [38.0, 39.7, -79.4, -75.1], [410, 301, 443]),
  st("MA", "22", 350, 10, 27, [41.3, 42.85, -73.4, -70.0], [617, 508, 781, 413, 978]),
  st("MI", "23", 440, 480, 499, [41.8, 46.9, -89.5, -82.5], [313, 248, 517, 616, 810, 989, 906]),
  st("MN", "24", 360, 550, 567, [43.6, 48.9, -96.9, -89.6], [612, 651, 218, 507, 320]),
  st("MS", "25", 205, 386, 397, [30.3, 34.9, -91.5, -88.2], [601, 662, 228]),
  st("MO", "26", 510, 630, 658, [36.1, 40.5, -95.6, -89.2], [314, 816, 417, 573, 660]),
  st("MT", "27", 60, 590, 599, [44.5, 48.9, -115.9, -104.2], [406]),
  st("NE", "28", 195, 680, 693, [40.0, 42.9, -103.9, -95.4], [402, 308]),
  st("NV", "29", 70, 889, 898, [35.1, 41.9, -119.9, -114.1], [702, 775]),
  st("NH", "30", 72, 30, 38, [42.75, 45.2, -72.5, -70.7], [603]),
  st("NJ", "31", 360, 70, 89, [39.0, 41.3, -75.5, -74.0], [201, 732, 856, 908, 973, 609]),
  st("NM", "32", 68, 870, 884, [31.4, 36.9, -108.9, -103.1], [505, 575]),
  st("NY", "33", 610, 100, 149, [40.55, 44.9, -79.7, -72.0], [212, 315, 516, 518, 585, 607, 716, 718]),
  st("NC", "34", 425, 270, 289, [33.9, 36.5, -84.2, -75.6], [704, 919, 336, 828, 910, 252]),
  st("ND", "35", 75, 580, 588, [46.0, 48.9, -103.9, -96.6], [701]),
  st("OH", "36", 950, 430, 458, [38.5, 41.9, -84.7, -80.6], [216, 330, 419, 513, 614, 740, 937]),
  st("OK", "37", 290, 730, 749, [33.7, 36.9, -102.9, -94.5], [405, 918, 580]),
  st("OR", "38", 128, 970, 979, [42.1, 46.2, -123.9, -116.6], [503, 541]),
  st("PA", "39", 680, 150, 196, [39.8, 42.2, -80.4, -74.8], [215, 412, 570, 610, 717, 724, 814]),
  st("PR", "40", 6, 6, 9, [17.98, 18.48, -67.2, -65.6], [787, 939]),
  st("RI", "41", 75, 28, 29, [41.4, 42.0, -71.8, -71.2], [401]),
  st("SC", "42", 190, 290, 299, [32.1, 35.1, -83.3, -78.6], [803, 843, 864]),
  st("SD", "43", 100, 570, 577, [42.6, 45.9, -103.9, -96.5], [605]),
  st("TN", "44", 310, 370, 385, [35.0, 36.6, -90.2, -81.7], [615, 901, 423, 865, 731]),
  st("TX", "45", 1200, 750, 799, [26.0, 36.4, -106.4, -93.6], [214, 281, 512, 713, 806, 817, 915, 210]),
  st("UT", "46", 100, 840, 847, [37.1, 41.9, -113.9, -109.1], [801, 435]),
  st("VT", "47", 34, 50, 59, [42.75, 44.95, -73.3, -71.5], [802]),
  st("VA", "49", 285, 220, 246, [36.6, 39.4, -83.5, -75.3], [804, 703, 540, 757, 434, 276]),
  st("WA", "50", 195, 980, 994, [45.6, 48.9, -124.0, -117.0], [206, 253, 360, 425, 509]),
  st("WV", "51", 122, 247, 268, [37.3, 40.6, -82.5, -77.8], [304]),
  st("WI", "52", 345, 530, 549, [42.55, 46.9, -92.7, -87.0], [414, 608, 715, 920, 262]),
  st("WY", "53", 36, 820, 831, [41.1, 44.9, -110.9, -104.1], [307]),
  st("GU", "65", 1, 969, 969, [13.3, 13.6, 144.65, 144.9], [671]),
];

function st(
  code: string,
  ssa: string,
  weight: number,
  zipLo: number,
  zipHi: number,
  box: [number, number, number, number],
  areaCodes: number[],
): StateDef {
  return { code, ssa, weight, zip: [zipLo, zipHi], box, areaCodes };
}

/** A word list written as comma-separated text (keeps long lists compact). */
function list(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

const GENERIC_TOWNS = list(`
  FRANKLIN, CLINTON, SPRINGFIELD, GREENVILLE, MADISON, SALEM, FAIRVIEW, GEORGETOWN, ARLINGTON, ASHLAND,
  BURLINGTON, MANCHESTER, MILTON, NEWPORT, OXFORD, CLAYTON, JACKSON, MARION, CENTERVILLE, RIVERSIDE,
  DAYTON, LEXINGTON, WINCHESTER, HUDSON, AUBURN, BRISTOL, CHESTER, DOVER, KINGSTON, LEBANON,
  MOUNT VERNON, PLEASANT HILL, SHELBYVILLE, UNION CITY, HAMILTON, COLUMBIA, LANCASTER, PRINCETON,
  WESTFIELD, FAYETTEVILLE, CLEVELAND, ATHENS, TROY, ROCHESTER, JAMESTOWN, HARRISON, GLENWOOD, LAKEWOOD,
  OAKLAND, PLAINVIEW, BELLEVUE, BROOKFIELD, CAMDEN, DANVILLE, EASTON, ELIZABETHTOWN, FLORENCE, GENEVA,
  HAMPTON, HOPEWELL, JEFFERSON, LAFAYETTE, LINCOLN, LOGAN, MILFORD, MONROE, MORGANTOWN, NEWTON,
  OAK GROVE, PARIS, PORTLAND, QUINCY, RICHMOND, SHARON, SMITHVILLE, STRATFORD, SULLIVAN, SUMMERVILLE,
  VERNON, WARREN, WAVERLY, WILLIAMSBURG, WILMINGTON, WOODSTOCK, YORK, BRADFORD, CHARLESTOWN, CLIFTON,
  CONCORD, CUMBERLAND, EDGEWOOD, ENFIELD, GREENFIELD, HIGHLAND, HILLSBORO, HUNTINGTON, LAKEVIEW, LIBERTY,
  MAYFIELD, MIDDLETOWN, MOUNT PLEASANT, NORWOOD, PALMYRA, ROSEVILLE, SPRINGDALE, UNIONTOWN, WESTON,
  BELMONT, BLOOMFIELD, CARROLLTON, COVINGTON, DECATUR, FREEPORT, GRAFTON, KENT, MARSHALL
`);

const SPECIAL_TOWNS: Record<string, string[]> = {
  DC: ["WASHINGTON"],
  PR: ["SAN JUAN", "BAYAMON", "CAROLINA", "PONCE", "CAGUAS", "MAYAGUEZ", "ARECIBO", "GUAYNABO", "HUMACAO"],
  GU: ["TAMUNING", "HAGATNA", "DEDEDO", "MANGILAO", "BARRIGADA"],
  HI: ["HONOLULU", "HILO", "KAILUA", "KANEOHE", "WAILUKU", "LIHUE", "PEARL CITY", "KAHULUI", "KAILUA KONA"],
  AK: ["ANCHORAGE", "FAIRBANKS", "JUNEAU", "SITKA", "KETCHIKAN", "KODIAK", "WASILLA", "SOLDOTNA", "PALMER"],
};

const COUNTIES = list(`
  Jefferson, Washington, Franklin, Jackson, Lincoln, Madison, Montgomery, Marion, Clay, Monroe, Union,
  Wayne, Greene, Warren, Clark, Lake, Polk, Douglas, Lee, Marshall, Johnson, Hamilton, Adams, Brown,
  Carroll, Grant, Harrison, Henry, Knox, Lawrence, Morgan, Perry, Pike, Scott, Shelby, Fayette, Calhoun,
  Hancock, Logan, Putnam, Benton, Boone, Butler, Cass, Crawford, Orange, Richland, Sumner, Walker,
  Wilson, Allen, Columbia, Cumberland, Dallas, Fulton, Howard
`);

interface Town {
  name: string;
  county: string;
  countyCode: string;
  zip3: number;
  lat: number;
  lon: number;
  areaCode: number;
}

function titleCase(s: string): string {
  return s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

function makeTowns(rng: Rng, state: StateDef, facilityCount: number): Town[] {
  const pool = SPECIAL_TOWNS[state.code] ?? GENERIC_TOWNS;
  const townCount = Math.max(1, Math.min(pool.length, Math.round(facilityCount / 5)));
  const names = rng.shuffle([...pool]).slice(0, townCount);
  const countyCount = Math.max(1, Math.min(COUNTIES.length, Math.ceil(townCount / 2)));
  const counties = rng
    .shuffle([...COUNTIES])
    .slice(0, countyCount)
    .map((name, i) => ({ name, code: String((i + 1) * 10).padStart(3, "0") }));
  const [latMin, latMax, lonMin, lonMax] = state.box;
  return names.map((name) => {
    const county =
      state.code === "PR"
        ? { name: titleCase(name), code: String(rng.int(1, 99) * 10).padStart(3, "0") }
        : state.code === "GU"
          ? { name: "Guam", code: "010" }
          : state.code === "DC"
            ? { name: "District of Columbia", code: "000" }
            : rng.pick(counties);
    return {
      name,
      county: county.name,
      countyCode: county.code,
      zip3: rng.int(state.zip[0], state.zip[1]),
      lat: rng.range(latMin, latMax),
      lon: rng.range(lonMin, lonMax),
      areaCode: rng.pick(state.areaCodes),
    };
  });
}

// ------------------------------------------------------------------------------------------------------------
// Names

const NAME_WORDS = list(`
  OAK, MAPLE, PINE, CEDAR, WILLOW, ELM, BIRCH, ASPEN, MAGNOLIA, LAUREL, SPRING, RIVER, LAKE, MEADOW,
  HILL, GREEN, SUNNY, FAIR, BROOK, STONE, BRIAR, SHADY, CRYSTAL, GOLDEN, SILVER, PLEASANT, HARMONY,
  HERITAGE, LIBERTY, PARK, FOREST, ROSE, CYPRESS, SUMMIT, HARBOR, BAY, CREEK, MOUNTAIN, PRAIRIE, COUNTRY,
  WESTERN, NORTHERN, SOUTHERN, EASTERN, CHERRY, IVY
`);
const PLACE_WORDS = list(`
  VALLEY, VIEW, WOOD, BROOK, CREST, HAVEN, RIDGE, GROVE, DALE, FIELD, SIDE, POINTE, GLEN, HILLS, SHORES,
  TERRACE, VILLA, MEADOWS, GARDENS, PARK, ACRES, HEIGHTS, SPRINGS
`);
const FACILITY_KINDS = list(`
  NURSING HOME, NURSING CENTER, HEALTH AND REHABILITATION CENTER, REHABILITATION AND NURSING CENTER,
  HEALTHCARE CENTER, CARE CENTER, NURSING AND REHABILITATION, MANOR, CARE AND REHABILITATION CENTER,
  HEALTH CARE CENTER, LIVING CENTER, SKILLED NURSING FACILITY, CONVALESCENT CENTER, TRANSITIONAL CARE,
  POST ACUTE, VILLAGE, LODGE, HEALTH CAMPUS, REHABILITATION CENTER, CARE HOME, NURSING & REHAB CENTER
`);
const SAINTS = list(`
  ST. JOSEPH'S, ST. ANNE'S, ST. FRANCIS, ST. MARY'S, GOOD SAMARITAN, SACRED HEART, ST. LUKE'S, BETHANY,
  LUTHERAN, PRESBYTERIAN, MERCY, ST. ELIZABETH, BETHESDA, ST. JOHN'S, HOLY FAMILY
`);
const SURNAMES = list(`
  BURNS, MILLER, HARPER, WHITMAN, CALDWELL, HOLLAND, MERRITT, PRESTON, GRAYSON, ELLIOTT, MORRISON,
  SHELTON, BRADLEY, WHITFIELD, CARLISLE, DAWSON, FLETCHER, HAYWOOD, LANGSTON, PARKER
`);
const STREETS = list(`
  MAIN, OAK, MAPLE, MONROE, WASHINGTON, LINCOLN, PARK, CHURCH, HIGHLAND, COLLEGE, HOSPITAL,
  MEDICAL CENTER, WALNUT, CHESTNUT, JEFFERSON, MADISON, ELM, PINE, RIVER, LAKE, SPRING, MEADOW,
  HILLCREST, SUNSET, WOODLAND, COUNTRY CLUB, MILL, SCHOOL, MARKET, CENTER
`);
const STREET_TYPES = [
  "STREET",
  "AVENUE",
  "ROAD",
  "DRIVE",
  "BOULEVARD",
  "LANE",
  "HIGHWAY",
  "PARKWAY",
  "WAY",
  "COURT",
];
const DIRECTIONS = ["", "", "", "", "", "", " NORTH", " SOUTH", " EAST", " WEST", " NW", " SE"];
const CHAIN_WORDS = list(`
  ALLIANCE, APEX, ARBOR, ASCEND, BEACON, BRIDGEWAY, CARDINAL, CENTURY, COMPASS, CORNERSTONE, CROWNE,
  EMPIRE, EVERGREEN, FOUNDATION, FRONTIER, GATEWAY, HARBORVIEW, HERITAGE, HORIZON, KEYSTONE, LANDMARK,
  LEGACY, MERIDIAN, MISSION, NORTHSTAR, PARAGON, PATHWAY, PINNACLE, PIONEER, PREMIER, PRIME, PROVIDENCE,
  REGENCY, SENTINEL, SIGNATURE, SUMMIT, TRINITY, TRILLIUM, UNITY, VANGUARD, VISTA, WELLSPRING, BALL,
  CAMBRIDGE, ESSEX, MARINER, OAKMONT, PEACHTREE, RIVERBEND, SABLE, TIDEWATER, AURORA, CASCADE, CITADEL,
  ELDERWOOD, FIRSTLIGHT, GREYSTONE, IRONWOOD
`);
const CHAIN_KINDS = list(`
  HEALTHCARE, HEALTH CARE ENTERPRISES, HEALTH SERVICES, SENIOR LIVING, CARE CENTERS, HEALTH GROUP,
  HEALTHCARE MANAGEMENT, SENIOR CARE, LIVING CENTERS, HEALTH SYSTEM, CARE MANAGEMENT,
  REHABILITATION SERVICES, HEALTHCARE GROUP, HEALTH PARTNERS
`);
const BRAND_KINDS = [
  "HEALTH AND REHABILITATION",
  "CARE CENTER",
  "NURSING AND REHABILITATION",
  "HEALTHCARE CENTER",
];

const OWNERSHIP = [
  ["For profit - Limited Liability company", 46],
  ["For profit - Corporation", 18],
  ["For profit - Partnership", 5],
  ["For profit - Individual", 3],
  ["Non profit - Corporation", 15],
  ["Non profit - Church related", 4],
  ["Non profit - Other", 3],
  ["Government - County", 3],
  ["Government - City", 0.8],
  ["Government - City/county", 0.6],
  ["Government - Hospital district", 1.2],
  ["Government - State", 0.9],
  ["Government - Federal", 0.1],
] as const;
const OWNERSHIP_WEIGHTS = OWNERSHIP.map(([, w]) => w);

const COUNCILS = ["Resident", "Both", "None", "Family"] as const;
const COUNCIL_WEIGHTS = [55, 30, 10, 5];

// ------------------------------------------------------------------------------------------------------------
// Model

interface Chain {
  id: number;
  name: string;
  brand: string;
  homeState: number;
  /** Chain-wide quality shift shared by its facilities. */
  quality: number;
  members: Facility[];
  /** Columns 19-25 (Chain Name ... Chain Average QM Rating) plus a trailing comma, for the current month. */
  segment: Uint8Array;
}

interface Facility {
  ccn: string;
  stateIndex: number;
  town: Town;
  chain: Chain | undefined;
  /** Calendar month index when the facility first appears, and when it is gone (exclusive). */
  openMonth: number;
  closeMonth: number;
  beds: number;
  occupancy: number;
  isSffCandidateProne: boolean;
  hasNoDeficiencyScore: boolean;
  hasShortStay: boolean;
  roundsQmUp: boolean;
  // Long-run star levels the month-to-month walk reverts to.
  targetHi: number;
  targetStaffing: number;
  targetLongStay: number;
  targetShortStay: number;
  hi: number;
  staffing: number;
  longStay: number;
  shortStay: number;
  /** 0 when rated, else the footnote that explains the blank ratings (1 new facility, 18 special focus). */
  blankFootnote: number;
  blankUntil: number;
  isStaffingBlank: boolean;
  hasAbuseIcon: boolean;
  changedOwnerUntil: number;
  surveyDay: number;
  isCcrc: boolean;
  /** Index into COUNCIL_AND_SPRINKLER (columns 31-32). */
  councilAndSprinkler: number;
  staffQuality: number;
  caseMix: number;
  // Cached text segments, each ending with a comma.
  head: string;
  mid: string;
  tail: string;
  residentsSeg: string;
  staffingSeg: string;
  surveySeg: string;
  /** UTF-8 of head + residentsSeg + mid (columns 1-18) and of staffingSeg + surveySeg + tail (45-98); undefined
   * when a part changed since. */
  front: Uint8Array | undefined;
  back: Uint8Array | undefined;
  // Last health survey cycles.
  cycle1: SurveyCycle;
  cycle2: SurveyCycle;
}

interface SurveyCycle {
  date: string;
  deficiencies: number;
  complaint: number;
  deficiencyScore: number;
  revisits: number;
  revisitScore: number;
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const DAY_MS = 86_400_000;
const isoDays = new Map<number, string>();
function isoDay(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
}
function dayOf(year: number, month: number, date = 1): number {
  return Math.round(Date.UTC(year, month - 1, date) / DAY_MS);
}

/** Stars from a standard-normal score; `cuts` are the normal quantiles between 1|2, 2|3, 3|4 and 4|5 stars. */
function starsFromZ(z: number, cuts: readonly number[]): number {
  let star = 1;
  for (const cut of cuts) if (z > cut) star += 1;
  return star;
}
// Normal quantiles of the cumulative shares (HI: 20/23/23/24/10; staffing: 12/25/25/21/17; QM: 8/14/22/26/30).
const HI_CUTS = [-0.8416, -0.1764, 0.4125, 1.2816];
const STAFFING_CUTS = [-1.175, -0.3319, 0.3055, 0.9542];
const QM_CUTS = [-1.4051, -0.7722, -0.151, 0.5244];

/** CMS overall rating from its components; staffing undefined when the facility has no staffing rating. */
function overallRating(hi: number, staffing: number | undefined, qm: number): number {
  let overall = hi;
  if (staffing !== undefined) {
    if (staffing >= 4 && staffing > hi) overall += 1;
    else if (staffing === 1) overall -= 1;
  }
  if (qm === 5) overall += 1;
  else if (qm === 1) overall -= 1;
  overall = Math.min(5, Math.max(1, overall));
  if (hi === 1) overall = Math.min(overall, 2);
  return overall;
}

function qmRating(f: Facility): number {
  if (!f.hasShortStay) return f.longStay;
  const sum = f.longStay + f.shortStay;
  return sum % 2 === 0 ? sum / 2 : f.roundsQmUp ? (sum + 1) / 2 : (sum - 1) / 2;
}

/** One month of a star rating's walk: usually stays, else moves one (sometimes two) stars, mostly toward target. */
function stepStars(rng: Rng, current: number, target: number, p: number): number {
  if (!rng.chance(p)) return current;
  const size = rng.chance(0.1) ? 2 : 1;
  let direction: number;
  if (current === target) direction = rng.chance(0.5) ? 1 : -1;
  else direction = (target > current ? 1 : -1) * (rng.chance(0.75) ? 1 : -1);
  let next = current + direction * size;
  if (next < 1 || next > 5) next = current - direction * size;
  return Math.min(5, Math.max(1, next));
}

const NATIONAL_CASE_MIX = 1.39174;
const NATIONAL_HOURS = { aide: 2.33193, lpn: 0.86031, rn: 0.67931, total: 3.87155, weekend: 3.43467 };
const ADJUSTED_TOTAL_BY_STAR = [0, 3.1, 3.5, 3.85, 4.25, 4.9];
const ADJUSTED_RN_BY_STAR = [0, 0.36, 0.5, 0.64, 0.8, 1.08];
const FINE_CHANCE_BY_STAR = [0, 0.4, 0.2, 0.1, 0.05, 0.02];
const ADMINS_LEFT_WEIGHTS = [70, 22, 6, 2];
const INFECTION_CITATION_WEIGHTS = [60, 30, 7, 3];
const WEIGHTED_SCORE_BANDS: readonly (readonly [number, number])[] = [
  [0, 0],
  [85, 280],
  [42, 85],
  [22, 42],
  [9, 22],
  [0, 9],
];

/** x.toFixed(5) for x >= 0, but faster (five-decimal figures are a quarter of every file). */
function f5(x: number): string {
  const scaled = Math.round(x * 100000);
  if (scaled < 100000) return `0.${String(scaled + 100000).slice(1)}`;
  const digits = String(scaled);
  return `${digits.slice(0, -5)}.${digits.slice(-5)}`;
}

// A month's file is copied together from cached UTF-8 pieces, 6 a row, each rebuilt only when its content changes:
// building a 10 MB string per month from many small strings took most of the writer's time.

/** Columns 45-72 (staffing footnotes, hours, turnover, case-mix, adjusted hours) plus a trailing comma. */
function buildStaffingSeg(rng: Rng, f: Facility): string {
  const ratio = f.caseMix / NATIONAL_CASE_MIX;
  const isTurnoverBlank = rng.chance(0.04);
  const isRnTurnoverBlank = isTurnoverBlank || rng.chance(0.05);
  const isAdminBlank = rng.chance(0.02);
  const turnover = [
    isTurnoverBlank ? "" : (rng.range(22, 75) - f.staffQuality * 6).toFixed(1),
    isTurnoverBlank ? "6" : "",
    isRnTurnoverBlank ? "" : rng.range(5, 70).toFixed(1),
    isRnTurnoverBlank ? "6" : "",
    isAdminBlank ? "" : String(rng.weighted(ADMINS_LEFT_WEIGHTS)),
    isAdminBlank ? "26" : "",
  ];
  const caseMix = [
    f5(f.caseMix),
    f5(ratio),
    f5(NATIONAL_HOURS.aide * ratio),
    f5(NATIONAL_HOURS.lpn * ratio),
    f5(NATIONAL_HOURS.rn * ratio),
    f5(NATIONAL_HOURS.total * ratio),
    f5(NATIONAL_HOURS.weekend * ratio),
  ];
  if (f.isStaffingBlank) {
    return ["6", "6", "", "", "", "", "", "", "", "", ...turnover, ...caseMix, "", "", "", "", "", ""].join(
      ",",
    );
  }
  const star = f.staffing;
  const adjTotal = Math.max(
    2.2,
    (ADJUSTED_TOTAL_BY_STAR[star] ?? 3.8) + f.staffQuality * 0.12 + rng.normal() * 0.06,
  );
  const adjRn = Math.max(
    0.15,
    (ADJUSTED_RN_BY_STAR[star] ?? 0.6) + f.staffQuality * 0.04 + rng.normal() * 0.03,
  );
  const adjLpn = Math.max(0.2, adjTotal * rng.range(0.17, 0.26));
  const adjAide = adjTotal - adjRn - adjLpn;
  const rn = adjRn * ratio;
  const lpn = adjLpn * ratio;
  const aide = adjAide * ratio;
  const total = rn + lpn + aide;
  const weekend = total * rng.range(0.8, 0.92);
  const weekendRn = rn * rng.range(0.55, 0.8);
  const pt = rng.chance(0.05) ? 0 : rng.range(0.01, 0.14);
  return [
    "",
    "",
    f5(aide),
    f5(lpn),
    f5(rn),
    f5(rn + lpn),
    f5(total),
    f5(weekend),
    f5(weekendRn),
    f5(pt),
    ...turnover,
    ...caseMix,
    f5(adjAide),
    f5(adjLpn),
    f5(adjRn),
    f5(adjTotal),
    f5(weekend / ratio),
    "",
  ].join(",");
}

function makeCycle(rng: Rng, date: string, totalScore: number): SurveyCycle {
  const score = Math.max(0, Math.min(300, Math.round(totalScore)));
  const deficiencies =
    score === 0 ? (rng.chance(0.3) ? 1 : 0) : Math.max(1, Math.round(score / rng.range(6, 14)));
  const complaint = Math.round(deficiencies * rng.range(0, 0.45));
  const twoRevisits = score > 20 && rng.chance(0.12);
  const revisitScore = twoRevisits ? Math.round(score / 3) : 0;
  return {
    date,
    deficiencies,
    complaint,
    deficiencyScore: score - revisitScore,
    revisits: deficiencies === 0 ? 0 : twoRevisits ? 2 : 1,
    revisitScore,
  };
}

function cycleFields(c: SurveyCycle, hideScore: boolean): (string | number)[] {
  return [
    c.date,
    c.deficiencies,
    c.deficiencies - c.complaint,
    c.complaint,
    hideScore ? "" : c.deficiencyScore,
    c.revisits,
    c.revisitScore,
    c.deficiencyScore + c.revisitScore,
  ];
}

/** A new standard health survey on `day`: cycle 1 moves to cycle 2, penalties are redrawn. */
function recordSurvey(rng: Rng, f: Facility, day: number, isInitial: boolean): void {
  const [lo, hi] = WEIGHTED_SCORE_BANDS[f.hi] ?? [0, 0];
  const weighted = rng.range(lo, hi);
  if (isInitial) {
    const previousDay = day - rng.int(330, 480);
    f.cycle2 = makeCycle(rng, isoDay(previousDay), weighted * rng.range(0.5, 1.5));
  } else {
    f.cycle2 = f.cycle1;
  }
  const cycle2Total = f.cycle2.deficiencyScore + f.cycle2.revisitScore;
  f.cycle1 = makeCycle(rng, isoDay(day), Math.max(0, (weighted - 0.25 * cycle2Total) / 0.75));
  f.surveyDay = day;
  const fineChance = FINE_CHANCE_BY_STAR[f.hi] ?? 0.05;
  const isFined = rng.chance(fineChance);
  const fineCount = isFined ? rng.int(1, 3) : 0;
  let fineAmount = "0.00";
  if (isFined) {
    const dollars = Math.min(500_000, Math.max(650, Math.exp(9.4 + rng.normal() * 1.1)));
    const cents = rng.chance(0.7) ? 0 : rng.int(1, 99);
    fineAmount = `${Math.round(dollars)}.${pad2(cents)}`;
  }
  const denials = rng.chance(isFined ? 0.25 : 0.01) ? 1 : 0;
  const infection = rng.chance(0.35) ? "" : String(rng.weighted(INFECTION_CITATION_WEIGHTS));
  const c1Total = f.cycle1.deficiencyScore + f.cycle1.revisitScore;
  f.back = undefined;
  f.surveySeg = [
    ...cycleFields(f.cycle1, f.hasNoDeficiencyScore),
    ...cycleFields(f.cycle2, false),
    (0.75 * c1Total + 0.25 * cycle2Total).toFixed(3),
    infection,
    fineCount,
    fineAmount,
    denials,
    fineCount + denials,
    "",
  ].join(",");
}

function refreshResidents(rng: Rng, f: Facility): void {
  f.occupancy = Math.min(0.99, Math.max(0.35, f.occupancy + rng.normal() * 0.02));
  f.residentsSeg = `${(f.beds * f.occupancy).toFixed(1)},,`;
  f.front = undefined;
}

/** Splits `total` over the states by weight (largest remainder), giving every state at least one when possible. */
function allocateByState(total: number): number[] {
  const minimum = total >= STATES.length ? 1 : 0;
  const spare = total - minimum * STATES.length;
  const weightSum = STATES.reduce((sum, s) => sum + s.weight, 0);
  const exact = STATES.map((s) => (spare * s.weight) / weightSum);
  const counts = exact.map((x) => minimum + Math.floor(x));
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
    left -= 1;
  }
  return counts;
}

/** Heavy-tailed chain sizes (2..maxSize) that add up to `total`. */
function chainSizes(rng: Rng, count: number, total: number, maxSize: number): number[] {
  // Log-normal sizes (many chains of 2 to 10, a few of hundreds), scaled to add up to `total`.
  const scores = Array.from({ length: count }, () => rng.normal()).sort((x, y) => y - x);
  const sizesFor = (mu: number) =>
    scores.map((z) => Math.min(maxSize, Math.max(2, Math.round(Math.exp(mu + 1.25 * z)))));
  const sum = (xs: number[]) => xs.reduce((acc, x) => acc + x, 0);
  let lo = -5;
  let hi = 8;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (sum(sizesFor(mid)) < total) lo = mid;
    else hi = mid;
  }
  const sizes = sizesFor(lo);
  // Spread the rounding remainder over the mid-sized chains.
  let diff = total - sum(sizes);
  for (let k = Math.floor(count / 10); diff !== 0 && count > 0; k = k + 1 >= count ? 0 : k + 1) {
    const size = sizes[k] ?? 2;
    if (diff > 0 && size < maxSize) {
      sizes[k] = size + 1;
      diff -= 1;
    } else if (diff < 0 && size > 2) {
      sizes[k] = size - 1;
      diff += 1;
    } else if (sizes.every((s) => (diff > 0 ? s >= maxSize : s <= 2))) {
      break;
    }
  }
  return sizes;
}

interface Calendar {
  /** Calendar months from the oldest to the newest release, as [year, month]. */
  months: [number, number][];
  /** Calendar month index of each release. */
  releaseIndex: number[];
}

function buildCalendar(releases: string[]): Calendar {
  const first = releases[0];
  const last = releases[releases.length - 1];
  if (first === undefined || last === undefined) return { months: [], releaseIndex: [] };
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const endKey = last.slice(0, 7);
  const months: [number, number][] = [];
  const keyToIndex = new Map<string, number>();
  for (;;) {
    const key = `${year}-${pad2(month)}`;
    keyToIndex.set(key, months.length);
    months.push([year, month]);
    if (key === endKey) break;
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
  return { months, releaseIndex: releases.map((r) => keyToIndex.get(r.slice(0, 7)) ?? 0) };
}

class DemoWorld {
  readonly facilities: Facility[] = [];
  readonly chains: Chain[] = [];
  private readonly rng: Rng;
  private readonly towns: Town[][];
  private readonly nextNumber: number[];
  private readonly usedCcns = new Set<string>();
  /** Reused between months. */
  private readonly pieces: Uint8Array[] = [];

  constructor(
    seed: number,
    facilityCount: number,
    private readonly calendar: Calendar,
  ) {
    this.rng = new Rng(seed);
    const rng = this.rng;
    const perState = allocateByState(facilityCount);
    this.towns = STATES.map((s, i) => makeTowns(rng, s, perState[i] ?? 0));
    this.nextNumber = STATES.map(() => 5000);
    const monthCount = calendar.months.length;

    // Chains: about one per 25 facilities, holding about 70% of them.
    const chainCount = facilityCount >= 10 ? Math.max(1, Math.round(facilityCount / 25)) : 0;
    const maxSize = Math.min(300, Math.max(40, Math.round(facilityCount / 50)));
    const sizes = chainCount > 0 ? chainSizes(rng, chainCount, Math.round(facilityCount * 0.7), maxSize) : [];
    const nameCombos: string[] = [];
    for (const w of CHAIN_WORDS) for (const k of CHAIN_KINDS) nameCombos.push(`${w} ${k}`);
    rng.shuffle(nameCombos);
    const ids = rng.shuffle(Array.from({ length: Math.ceil(chainCount * 1.15) }, (_, i) => i + 1));
    for (let c = 0; c < chainCount; c++) {
      const base = nameCombos[c % nameCombos.length] ?? "DEMO HEALTHCARE";
      const round = Math.floor(c / nameCombos.length);
      const name = round === 0 ? base : `${base} ${round + 1}`;
      this.chains.push({
        id: ids[c] ?? c + 1,
        name,
        brand: `${name.split(" ")[0]} ${rng.pick(BRAND_KINDS)}`,
        homeState: rng.weighted(STATES.map((s) => s.weight)),
        quality: rng.normal() * 0.6,
        members: [],
        segment: NO_CHAIN,
      });
    }

    // Base facilities present in the first month; assign chains regionally (big chains spread further).
    const stateOfSlot: number[] = [];
    perState.forEach((n, s) => {
      for (let i = 0; i < n; i++) stateOfSlot.push(s);
    });
    const byState: number[][] = STATES.map(() => []);
    rng.shuffle(stateOfSlot.map((_, i) => i)).forEach((slot) => {
      byState[stateOfSlot[slot] ?? 0]?.push(slot);
    });
    const chainOfSlot: (Chain | undefined)[] = stateOfSlot.map(() => undefined);
    const globalOrder = rng.shuffle(stateOfSlot.map((_, i) => i));
    let globalCursor = 0;
    const stateCursor = STATES.map(() => 0);
    this.chains.forEach((chain, c) => {
      const size = sizes[c] ?? 2;
      const homeShare = size > 100 ? 0.3 : size > 20 ? 0.6 : 0.85;
      for (let k = 0; k < size; k++) {
        let slot: number | undefined;
        if (rng.chance(homeShare)) {
          const pool = byState[chain.homeState] ?? [];
          let cursor = stateCursor[chain.homeState] ?? 0;
          while (cursor < pool.length && chainOfSlot[pool[cursor] ?? 0] !== undefined) cursor++;
          stateCursor[chain.homeState] = cursor;
          slot = pool[cursor];
        }
        if (slot === undefined) {
          while (
            globalCursor < globalOrder.length &&
            chainOfSlot[globalOrder[globalCursor] ?? 0] !== undefined
          ) {
            globalCursor++;
          }
          slot = globalOrder[globalCursor];
        }
        if (slot === undefined) return;
        chainOfSlot[slot] = chain;
      }
    });
    stateOfSlot.forEach((s, slot) => {
      this.facilities.push(this.makeFacility(s, chainOfSlot[slot], 0));
    });

    // Closures and openings over the span (at most 2% each), never emptying a small state.
    if (monthCount > 1) {
      const changes = Math.round(facilityCount * Math.min(0.02, 0.0005 * monthCount));
      const closable = rng.shuffle(
        this.facilities.filter((f) => (perState[f.stateIndex] ?? 0) > 3).map((f) => f),
      );
      for (const f of closable.slice(0, changes)) f.closeMonth = rng.int(1, monthCount - 1);
      const stateWeights = STATES.map((s) => s.weight);
      for (let i = 0; i < changes; i++) {
        const s = rng.weighted(stateWeights);
        const chain = this.chains.length > 0 && rng.chance(0.7) ? rng.pick(this.chains) : undefined;
        this.facilities.push(this.makeFacility(s, chain, rng.int(1, monthCount - 1)));
      }
    }
    this.facilities.sort((a, b) => (a.ccn < b.ccn ? -1 : a.ccn > b.ccn ? 1 : 0));
  }

  private makeCcn(stateIndex: number): string {
    const rng = this.rng;
    const prefix = STATES[stateIndex]?.ssa ?? "00";
    if (rng.chance(0.01)) {
      for (;;) {
        const ccn = `${prefix}${rng.pick(["A", "A", "A", "E", "F", "G"])}${String(rng.int(0, 999)).padStart(3, "0")}`;
        if (!this.usedCcns.has(ccn)) {
          this.usedCcns.add(ccn);
          return ccn;
        }
      }
    }
    const n = this.nextNumber[stateIndex] ?? 5000;
    if (n > 9999) throw new RangeError("too many facilities in one state for 4-digit CCN numbers");
    this.nextNumber[stateIndex] = n + 1;
    const ccn = `${prefix}${n}`;
    this.usedCcns.add(ccn);
    return ccn;
  }

  private makeFacility(stateIndex: number, chain: Chain | undefined, openMonth: number): Facility {
    const rng = this.rng;
    const state = STATES[stateIndex] ?? STATES[0];
    if (!state) throw new Error("no states");
    const town = rng.pick(this.towns[stateIndex] ?? []);
    const ccn = this.makeCcn(stateIndex);
    const ownership = OWNERSHIP[rng.weighted(OWNERSHIP_WEIGHTS)]?.[0] ?? "For profit - Corporation";
    const name = this.makeName(chain, town, ownership);
    const legalName = makeLegalName(rng, name, ownership, town);
    const street = `${rng.int(1, 29) * (rng.chance(0.5) ? 100 : 10) + rng.int(0, 99)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}${rng.pick(DIRECTIONS)}`;
    const zip = `${String(town.zip3).padStart(3, "0")}${pad2(rng.int(1, 99))}`;
    const phone = `${town.areaCode}${rng.int(200, 999)}${String(rng.int(0, 9999)).padStart(4, "0")}`;
    const beds = Math.round(Math.min(400, Math.max(20, 20 + Math.exp(4.35 + rng.normal() * 0.45))));
    const providerType = ["Medicare and Medicaid", "Medicare", "Medicaid"][rng.weighted([94, 4, 2])] ?? "";
    const firstMonth = this.calendar.months[openMonth] ?? [2020, 1];
    const approved =
      openMonth > 0
        ? isoDay(dayOf(firstMonth[0], firstMonth[1]) - rng.int(1, 40))
        : rng.chance(0.18)
          ? "1967-01-01"
          : isoDay(dayOf(rng.int(1966, 2022), rng.int(1, 12), rng.chance(0.6) ? 1 : rng.int(2, 28)));
    const lat = town.lat + rng.normal() * 0.04;
    const lon = town.lon + rng.normal() * 0.04;

    const quality = (chain ? chain.quality : 0) + rng.normal() * 0.85;
    const component = (rho: number) => rho * quality + Math.sqrt(1 - rho * rho) * rng.normal();
    const targetHi = starsFromZ(component(0.55), HI_CUTS);
    const targetStaffing = starsFromZ(component(0.55), STAFFING_CUTS);
    const targetLongStay = starsFromZ(component(0.45), QM_CUTS);
    const targetShortStay = starsFromZ(component(0.35), QM_CUTS);
    const jitter = (target: number) => stepStars(rng, target, target, 0.35);

    const f: Facility = {
      ccn,
      stateIndex,
      town,
      chain,
      openMonth,
      closeMonth: Number.POSITIVE_INFINITY,
      beds,
      occupancy: rng.range(0.6, 0.95),
      isSffCandidateProne: rng.chance(0.1),
      hasNoDeficiencyScore: rng.chance(0.01),
      hasShortStay: !rng.chance(0.07),
      roundsQmUp: rng.chance(0.5),
      targetHi,
      targetStaffing,
      targetLongStay,
      targetShortStay,
      hi: jitter(targetHi),
      staffing: jitter(targetStaffing),
      longStay: jitter(targetLongStay),
      shortStay: jitter(targetShortStay),
      blankFootnote: 0,
      blankUntil: 0,
      isStaffingBlank: rng.chance(0.007),
      hasAbuseIcon: rng.chance(0.05),
      changedOwnerUntil: rng.chance(0.03) ? rng.int(0, 11) : -1,
      surveyDay: 0,
      isCcrc: rng.chance(0.06),
      councilAndSprinkler: rng.weighted(COUNCIL_WEIGHTS) * 2 + (rng.chance(0.995) ? 0 : 1),
      staffQuality: quality,
      caseMix: Math.min(1.9, Math.max(1.05, NATIONAL_CASE_MIX + rng.normal() * 0.1)),
      head: [
        ccn,
        csvField(name),
        csvField(street),
        csvField(town.name),
        state.code,
        zip,
        phone,
        town.countyCode,
        csvField(town.county),
        rng.chance(0.7) ? "Y" : "N",
        ownership,
        beds,
        "",
      ].join(","),
      mid: [providerType, rng.chance(0.05) ? "Y" : "N", csvField(legalName), approved, ""].join(","),
      tail: [
        csvField([street, town.name, state.code, zip].join(",")),
        lat.toFixed(4),
        lon.toFixed(3),
        rng.chance(0.01) ? "22" : "",
        "",
      ].join(","),
      residentsSeg: "",
      staffingSeg: "",
      surveySeg: "",
      front: undefined,
      back: undefined,
      cycle1: { date: "", deficiencies: 0, complaint: 0, deficiencyScore: 0, revisits: 0, revisitScore: 0 },
      cycle2: { date: "", deficiencies: 0, complaint: 0, deficiencyScore: 0, revisits: 0, revisitScore: 0 },
    };
    if (openMonth > 0) {
      f.blankFootnote = 1;
      f.blankUntil = openMonth + rng.int(6, 14);
    } else if (rng.chance(0.0185)) {
      f.blankFootnote = 18;
    }
    chain?.members.push(f);
    refreshResidents(rng, f);
    f.staffingSeg = buildStaffingSeg(rng, f);
    f.back = undefined;
    const surveyDay =
      openMonth > 0
        ? dayOf(firstMonth[0], firstMonth[1]) - rng.int(10, 60)
        : dayOf(firstMonth[0], firstMonth[1]) - rng.int(20, 900);
    recordSurvey(rng, f, surveyDay, true);
    return f;
  }

  private makeName(chain: Chain | undefined, town: Town, ownership: string): string {
    const rng = this.rng;
    if (chain && rng.chance(0.35)) return `${chain.brand} OF ${town.name}`;
    if (ownership.startsWith("Government - County") && rng.chance(0.6)) {
      return `${town.county.toUpperCase()} COUNTY ${rng.pick(["NURSING HOME", "HEALTH CARE CENTER", "CARE CENTER", "MEDICAL CARE FACILITY"])}`;
    }
    if (ownership.startsWith("Non profit - Church") && rng.chance(0.7)) {
      return `${rng.pick(SAINTS)} ${rng.pick(FACILITY_KINDS)}`;
    }
    switch (rng.weighted([30, 22, 14, 10, 8, 8, 8])) {
      case 0:
        return `${rng.pick(NAME_WORDS)} ${rng.pick(PLACE_WORDS)} ${rng.pick(FACILITY_KINDS)}`;
      case 1:
        return `${town.name} ${rng.pick(FACILITY_KINDS)}`;
      case 2:
        return `${rng.pick(NAME_WORDS)}${rng.pick(PLACE_WORDS)} ${rng.pick(FACILITY_KINDS)}`;
      case 3:
        return `${rng.pick(NAME_WORDS)} ${rng.pick(PLACE_WORDS)} ${rng.pick(FACILITY_KINDS)} OF ${town.name}`;
      case 4:
        return `${rng.pick(SAINTS)} ${rng.pick(FACILITY_KINDS)}`;
      case 5:
        return `${rng.pick(SURNAMES)} ${rng.pick(["MEMORIAL NURSING HOME", "NURSING HOME, INC.", "MANOR", "HOUSE", "CARE CENTER"])}`;
      default:
        return `THE ${rng.pick(["GARDENS", "MEADOWS", "TERRACE", "VILLAS", "POINTE", "LAKES", "WILLOWS"])} AT ${town.name}`;
    }
  }

  /** Moves every facility from calendar month t-1 to t. */
  advance(t: number): void {
    const rng = this.rng;
    const [year, month] = this.calendar.months[t] ?? [2020, 1];
    const monthStart = dayOf(year, month);
    const isStaffingQuarter = month === 1 || month === 4 || month === 7 || month === 10;
    for (const f of this.facilities) {
      // Health inspection follows new standard surveys (about one a year).
      if (rng.chance(0.065)) {
        f.hi = stepStars(rng, f.hi, f.targetHi, 0.55);
        recordSurvey(rng, f, monthStart - rng.int(15, 75), false);
      }
      const wasStaffingBlank = f.isStaffingBlank;
      f.isStaffingBlank = f.isStaffingBlank ? !rng.chance(0.3) : rng.chance(0.002);
      const staffing = f.staffing;
      f.staffing = stepStars(rng, f.staffing, f.targetStaffing, isStaffingQuarter ? 0.05 : 0.003);
      f.longStay = stepStars(rng, f.longStay, f.targetLongStay, 0.04);
      f.shortStay = stepStars(rng, f.shortStay, f.targetShortStay, 0.04);
      if (f.blankFootnote === 1) {
        if (t >= f.blankUntil) f.blankFootnote = 0;
      } else if (f.blankFootnote === 18) {
        if (rng.chance(0.09)) f.blankFootnote = 0;
      } else if (rng.chance(0.0017)) {
        f.blankFootnote = 18;
      }
      f.hasAbuseIcon = f.hasAbuseIcon ? !rng.chance(0.06) : rng.chance(f.hi <= 2 ? 0.006 : 0.002);
      if (rng.chance(0.0025)) f.changedOwnerUntil = t + 12;
      // Staffing figures are redrawn at quarterly updates for about a third of facilities (redrawing all of them
      // costs a quarter of the writer's time for little visible difference), and whenever the rating changes.
      if (isStaffingQuarter && rng.chance(0.35)) {
        f.caseMix = Math.min(1.9, Math.max(1.05, f.caseMix + rng.normal() * 0.015));
        refreshResidents(rng, f);
        f.staffingSeg = buildStaffingSeg(rng, f);
        f.back = undefined;
      } else if (staffing !== f.staffing || wasStaffingBlank !== f.isStaffingBlank) {
        f.staffingSeg = buildStaffingSeg(rng, f);
        f.back = undefined;
      }
    }
  }

  /** Recomputes the chain columns for calendar month t. */
  updateChains(t: number): void {
    for (const chain of this.chains) {
      let present = 0;
      let rated = 0;
      let overall = 0;
      let hi = 0;
      let staffing = 0;
      let staffed = 0;
      let qm = 0;
      for (const f of chain.members) {
        if (t < f.openMonth || t >= f.closeMonth) continue;
        present += 1;
        if (f.blankFootnote !== 0) continue;
        rated += 1;
        const q = qmRating(f);
        overall += overallRating(f.hi, f.isStaffingBlank ? undefined : f.staffing, q);
        hi += f.hi;
        qm += q;
        if (!f.isStaffingBlank) {
          staffing += f.staffing;
          staffed += 1;
        }
      }
      chain.segment = utf8(
        [
          csvField(chain.name),
          chain.id,
          present,
          average(overall, rated),
          average(hi, rated),
          average(staffing, staffed),
          average(qm, rated),
          "",
        ].join(","),
      );
    }
  }

  /**
   * The CSV file of the release at calendar month t, copied into the start of `buffer`, or of a new buffer when it
   * is too small; returns the buffer used and the file's length.
   */
  render(t: number, processingDate: string, buffer: Buffer | undefined): { buffer: Buffer; length: number } {
    const [year, month] = this.calendar.months[t] ?? [2020, 1];
    const twoYearsAgo = dayOf(year - 2, month);
    const dateLine = utf8(`${processingDate}\n`);
    const pieces = this.pieces;
    pieces.length = 0;
    pieces.push(HEADER_LINE);
    for (const f of this.facilities) {
      if (t < f.openMonth || t >= f.closeMonth) continue;
      if (f.front === undefined) f.front = utf8([f.head, f.residentsSeg, f.mid].join(""));
      if (f.back === undefined) f.back = utf8([f.staffingSeg, f.surveySeg, f.tail].join(""));
      let ratings: Uint8Array;
      let sff = 0;
      if (f.blankFootnote !== 0) {
        ratings = f.blankFootnote === 1 ? BLANK_RATINGS_NEW : BLANK_RATINGS_SFF;
        if (f.blankFootnote === 18) sff = 1;
      } else {
        ratings = ratingsPiece(f);
        if (f.isSffCandidateProne && f.hi === 1) sff = 2;
      }
      const flags = flagsPiece(
        f.isCcrc,
        sff,
        f.hasAbuseIcon,
        f.surveyDay < twoYearsAgo,
        f.changedOwnerUntil >= t,
        f.councilAndSprinkler,
      );
      const chain = f.chain ? f.chain.segment : NO_CHAIN;
      pieces.push(f.front, chain, flags, ratings, f.back, dateLine);
    }
    let length = 0;
    for (const piece of pieces) length += piece.length;
    const target =
      buffer !== undefined && buffer.length >= length ? buffer : Buffer.allocUnsafe(length + (length >> 4));
    let offset = 0;
    for (const piece of pieces) {
      target.set(piece, offset);
      offset += piece.length;
    }
    return { buffer: target, length };
  }
}

function yesNo(value: boolean): string {
  return value ? "Y" : "N";
}

function average(sum: number, n: number): string {
  return n > 0 ? (sum / n).toFixed(1) : "";
}

function utf8(text: string): Uint8Array {
  return Buffer.from(text, "utf8");
}

const HEADER_LINE = utf8(`${COLUMNS.join(",")}\n`);
const NO_CHAIN = utf8(",,,,,,,");
const SFF_STATUS = ["", "SFF", "SFF Candidate"] as const;
const COUNCIL_AND_SPRINKLER = COUNCILS.flatMap((council) => [`${council},Yes`, `${council},Partial`]);

const flagsCache: (Uint8Array | undefined)[] = [];
/** Columns 26-32 (CCRC ... sprinklers) plus a trailing comma. */
function flagsPiece(
  isCcrc: boolean,
  sff: number,
  hasAbuseIcon: boolean,
  isSurveyOld: boolean,
  hasChangedOwner: boolean,
  councilAndSprinkler: number,
): Uint8Array {
  const key =
    ((((Number(isCcrc) * 3 + sff) * 2 + Number(hasAbuseIcon)) * 2 + Number(isSurveyOld)) * 2 +
      Number(hasChangedOwner)) *
      16 +
    councilAndSprinkler;
  let piece = flagsCache[key];
  if (piece === undefined) {
    piece = utf8(
      [
        yesNo(isCcrc),
        SFF_STATUS[sff] ?? "",
        yesNo(hasAbuseIcon),
        yesNo(isSurveyOld),
        yesNo(hasChangedOwner),
        COUNCIL_AND_SPRINKLER[councilAndSprinkler] ?? "",
        "",
      ].join(","),
    );
    flagsCache[key] = piece;
  }
  return piece;
}

const ratingsCache: (Uint8Array | undefined)[] = [];
/** Columns 33-44 (ratings and their footnotes) plus a trailing comma, for a rated facility. */
function ratingsPiece(f: Facility): Uint8Array {
  const qm = qmRating(f);
  const shortStay = f.hasShortStay ? f.shortStay : 0;
  const staffing = f.isStaffingBlank ? 0 : f.staffing;
  const key = ((f.hi * 6 + qm) * 6 + f.longStay) * 36 + shortStay * 6 + staffing;
  let piece = ratingsCache[key];
  if (piece === undefined) {
    piece = utf8(
      [
        overallRating(f.hi, staffing === 0 ? undefined : staffing, qm),
        "",
        f.hi,
        "",
        qm,
        "",
        f.longStay,
        "",
        shortStay === 0 ? "" : shortStay,
        shortStay === 0 ? "2" : "",
        staffing === 0 ? "" : staffing,
        staffing === 0 ? "6" : "",
        "",
      ].join(","),
    );
    ratingsCache[key] = piece;
  }
  return piece;
}

const BLANK_RATINGS_NEW = utf8(",1,,1,,1,,1,,1,,1,");
const BLANK_RATINGS_SFF = utf8(",18,,18,,18,,18,,18,,18,");

function makeLegalName(rng: Rng, name: string, ownership: string, town: Town): string {
  if (rng.chance(0.03)) return "Legal Business Name Not Available";
  if (ownership.startsWith("Government - County")) return `${town.county.toUpperCase()} COUNTY`;
  if (ownership.startsWith("Government")) return `${town.name} HOSPITAL AUTHORITY`;
  if (name.endsWith(", INC.")) return name;
  if (ownership.endsWith("Limited Liability company"))
    return rng.chance(0.5) ? `${name} LLC` : `${name} OPERATIONS, LLC`;
  if (ownership.startsWith("For profit - Corporation"))
    return rng.chance(0.5) ? `${name}, INC.` : `${name} INC`;
  if (ownership.startsWith("For profit - Partnership")) return `${name} LIMITED PARTNERSHIP`;
  if (ownership.startsWith("Non profit")) return rng.chance(0.5) ? `${name}, INC.` : name;
  return name;
}

/** Writes one CSV per release into `dir` (created if missing), oldest first, named NH_ProviderInfo_MonYYYY.csv (e.g. NH_ProviderInfo_Aug2021.csv). Returns them oldest first. */
export async function writeDemoFiles(dir: string, options: DemoOptions = {}): Promise<DemoFile[]> {
  const facilities = options.facilities ?? DEFAULT_FACILITIES;
  const months = options.months ?? DEFAULT_MONTHS;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(facilities) || facilities < 1)
    throw new RangeError("facilities must be a whole number >= 1");
  const releases = demoReleaseDates(months, options.endMonth ?? DEFAULT_END_MONTH);
  const calendar = buildCalendar(releases);
  await mkdir(dir, { recursive: true });
  const world = new DemoWorld(seed, facilities, calendar);
  const files: DemoFile[] = [];
  let pendingWrite: Promise<void> | undefined;
  // Two buffers reused in turn: one is being written while the next month is rendered into the other.
  const buffers: (Buffer | undefined)[] = [undefined, undefined];
  let t = 0;
  for (const [i, processingDate] of releases.entries()) {
    const target = calendar.releaseIndex[i] ?? 0;
    // Walk every calendar month, gap months included, so changes accumulate across a missing release.
    for (; t < target; ) {
      t += 1;
      world.advance(t);
    }
    world.updateChains(t);
    const { buffer, length } = world.render(t, processingDate, buffers[i % 2]);
    buffers[i % 2] = buffer;
    const year = processingDate.slice(0, 4);
    const monthName = MONTH_ABBR[Number(processingDate.slice(5, 7)) - 1] ?? "";
    const filePath = path.join(dir, `NH_ProviderInfo_${monthName}${year}.csv`);
    await pendingWrite;
    pendingWrite = (await startWrite(filePath, buffer.subarray(0, length))).done;
    files.push({ path: filePath, processingDate });
  }
  await pendingWrite;
  return files;
}

/**
 * Opens the file and starts writing `data` as one request, so the write runs in the thread pool while the next month
 * is generated (fs.writeFile would write in chunks, each waiting for the busy main thread). Resolves once the write
 * has started, with the promise of its end.
 */
async function startWrite(filePath: string, data: Uint8Array): Promise<{ done: Promise<void> }> {
  const handle = await open(filePath, "w");
  const write = async () => {
    try {
      for (let offset = 0; offset < data.length; ) {
        const { bytesWritten } = await handle.write(data, offset, data.length - offset);
        offset += bytesWritten;
      }
    } finally {
      await handle.close();
    }
  };
  const done = write();
  // Failures surface where the promise is awaited; this only keeps them from counting as unhandled meanwhile.
  done.catch(() => {});
  return { done };
}

function readFlag(args: string[], name: string): number | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value)) throw new Error(`${name} needs a whole number`);
  return value;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  const args = process.argv.slice(2);
  const dir = args[0];
  if (dir === undefined || dir.startsWith("--")) {
    console.error(
      "usage: tsx src/ingest/demo-data.ts <dir> [--facilities N] [--months M] [--seed S] [--end YYYY-MM]",
    );
    process.exit(2);
  }
  const endAt = args.indexOf("--end");
  const files = await writeDemoFiles(dir, {
    facilities: readFlag(args, "--facilities"),
    months: readFlag(args, "--months"),
    seed: readFlag(args, "--seed"),
    endMonth: endAt >= 0 ? args[endAt + 1] : undefined,
  });
  console.log(`wrote ${files.length} demo Provider Information files to ${dir}`);
}
