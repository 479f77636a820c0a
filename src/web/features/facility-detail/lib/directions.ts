// The "Directions" link of the detail page's location: an external map service's route to the facility, by its
// address (by its position when the address is missing).
import type { FacilityDetail } from "../../../../core/api-types.ts";
import { formatAddress } from "../../../lib/facility-contact.ts";

const DIRECTIONS_BASE = "https://www.google.com/maps/dir/?api=1&destination=";

/** The route's address, or null when neither an address nor a position is known. */
export function directionsUrl(
  facility: Pick<FacilityDetail, "address" | "city" | "state" | "zip" | "position">,
): string | null {
  const address = facility.address ? formatAddress(facility) : "";
  if (address) return `${DIRECTIONS_BASE}${encodeURIComponent(address)}`;
  const position = facility.position;
  if (position)
    return `${DIRECTIONS_BASE}${encodeURIComponent(`${position.latitude},${position.longitude}`)}`;
  return null;
}
