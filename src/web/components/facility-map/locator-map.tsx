import type { LocatorMapProps } from "./index.ts";

/** Placeholder until the locator map is built. */
export default function LocatorMap({ label }: LocatorMapProps) {
  return <div role="img" aria-label={`Location of ${label}`} />;
}
