// A facility's phone number and address as shown on the detail page and in the comparison.
import type { FacilityDetail } from "../../core/api-types.ts";

/** '(256) 332-4110' for the 10-digit numbers CMS publishes; anything else as given. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** '701 MONROE STREET NW, RUSSELLVILLE, AL 35653', skipping the parts the data lacks. */
export function formatAddress(facility: Pick<FacilityDetail, "address" | "city" | "state" | "zip">): string {
  const stateZip = [facility.state, facility.zip].filter(Boolean).join(" ");
  return [facility.address, facility.city, stateZip].filter(Boolean).join(", ");
}
