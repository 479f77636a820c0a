// Where the demo's facilities are: states (weighted like the real counts of nursing homes), towns and counties.

import type { Rng } from "./random.ts";

export interface StateDef {
  code: string;
  ssa: string;
  /** Roughly the real number of nursing homes, used as the weight. */
  weight: number;
  zip: [number, number];
  box: [number, number, number, number];
  areaCodes: number[];
}

// code, SSA state code, weight, ZIP3 range, [latMin, latMax, lonMin, lonMax], area codes
export const STATES: StateDef[] = [
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
export function list(text: string): string[] {
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

export interface Town {
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

export function makeTowns(rng: Rng, state: StateDef, facilityCount: number): Town[] {
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

/** Splits `total` over the states by weight (largest remainder), giving every state at least one when possible. */
export function allocateByState(total: number): number[] {
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
