// Display formats of the spec (section 9): shared by every screen.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A rating out of 5, or 'N/A' when missing. */
export function formatRatingOutOf5(value: number | null | undefined): string {
  return value == null || Number.isNaN(value) ? "N/A" : `${value}/5`;
}

/** A bare rating value, or 'N/A' when missing. */
export function formatRating(value: number | null | undefined): string {
  return value == null || Number.isNaN(value) ? "N/A" : String(value);
}

/** A signed rating change: '+1' for a rise, '-2' for a fall, '0' for none. */
export function formatSignedChange(diff: number): string {
  return diff > 0 ? `+${diff}` : String(diff);
}

export type ChangeDirection = "up" | "down" | "none";
export function changeDirection(diff: number): ChangeDirection {
  return diff > 0 ? "up" : diff < 0 ? "down" : "none";
}

export function formatUsd(value: number): string {
  return usd.format(value);
}

export function formatDecimal(value: number, digits: number): string {
  return value.toFixed(digits);
}

/** Integer with thousands separators: 1,234,567. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** Summary averages: 1 decimal, or 'N/A' when nothing was averaged. */
export function formatAverage(value: number | null): string {
  return value == null ? "N/A" : value.toFixed(1);
}
