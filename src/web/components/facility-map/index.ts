// The maps of the product, loaded only when shown (their code and the bundled state outlines stay out of the
// dashboard's first load).
import { lazy } from "react";

export type { FacilityMapProps, LocatorMapProps } from "./map-props.ts";

export const FacilityMap = lazy(() => import("./facility-map.tsx"));
export const LocatorMap = lazy(() => import("./locator-map.tsx"));
