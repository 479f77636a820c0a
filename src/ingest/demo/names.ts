// The words the demo's names are made of: facilities, streets, chains, ownership types and councils.

import { list, type Town } from "./places.ts";
import type { Rng } from "./random.ts";

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
export const STREETS = list(`
  MAIN, OAK, MAPLE, MONROE, WASHINGTON, LINCOLN, PARK, CHURCH, HIGHLAND, COLLEGE, HOSPITAL,
  MEDICAL CENTER, WALNUT, CHESTNUT, JEFFERSON, MADISON, ELM, PINE, RIVER, LAKE, SPRING, MEADOW,
  HILLCREST, SUNSET, WOODLAND, COUNTRY CLUB, MILL, SCHOOL, MARKET, CENTER
`);
export const STREET_TYPES = [
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
export const DIRECTIONS = ["", "", "", "", "", "", " NORTH", " SOUTH", " EAST", " WEST", " NW", " SE"];
export const CHAIN_WORDS = list(`
  ALLIANCE, APEX, ARBOR, ASCEND, BEACON, BRIDGEWAY, CARDINAL, CENTURY, COMPASS, CORNERSTONE, CROWNE,
  EMPIRE, EVERGREEN, FOUNDATION, FRONTIER, GATEWAY, HARBORVIEW, HERITAGE, HORIZON, KEYSTONE, LANDMARK,
  LEGACY, MERIDIAN, MISSION, NORTHSTAR, PARAGON, PATHWAY, PINNACLE, PIONEER, PREMIER, PRIME, PROVIDENCE,
  REGENCY, SENTINEL, SIGNATURE, SUMMIT, TRINITY, TRILLIUM, UNITY, VANGUARD, VISTA, WELLSPRING, BALL,
  CAMBRIDGE, ESSEX, MARINER, OAKMONT, PEACHTREE, RIVERBEND, SABLE, TIDEWATER, AURORA, CASCADE, CITADEL,
  ELDERWOOD, FIRSTLIGHT, GREYSTONE, IRONWOOD
`);
export const CHAIN_KINDS = list(`
  HEALTHCARE, HEALTH CARE ENTERPRISES, HEALTH SERVICES, SENIOR LIVING, CARE CENTERS, HEALTH GROUP,
  HEALTHCARE MANAGEMENT, SENIOR CARE, LIVING CENTERS, HEALTH SYSTEM, CARE MANAGEMENT,
  REHABILITATION SERVICES, HEALTHCARE GROUP, HEALTH PARTNERS
`);
export const BRAND_KINDS = [
  "HEALTH AND REHABILITATION",
  "CARE CENTER",
  "NURSING AND REHABILITATION",
  "HEALTHCARE CENTER",
];

export const OWNERSHIP = [
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
export const OWNERSHIP_WEIGHTS = OWNERSHIP.map(([, w]) => w);

export const COUNCILS = ["Resident", "Both", "None", "Family"] as const;
export const COUNCIL_WEIGHTS = [55, 30, 10, 5];

/** A facility's name: its chain's brand, its county, a saint, or words and its town. */
export function makeFacilityName(
  rng: Rng,
  chainBrand: string | undefined,
  town: Town,
  ownership: string,
): string {
  if (chainBrand !== undefined && rng.chance(0.35)) return `${chainBrand} OF ${town.name}`;
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

/** The legal business name CMS lists beside the facility's name. */
export function makeLegalName(rng: Rng, name: string, ownership: string, town: Town): string {
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
