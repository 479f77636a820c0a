// The maps of the product, loaded only when shown (their code and the bundled state outlines stay out of the
// dashboard's first load).
import { lazy } from "react";
import type { FacilityQuery, Near } from "../../../core/api-types.ts";

export interface FacilityMapProps {
  /** The view's list filters (page and pageSize are ignored): the map shows the view's facilities. */
  query: Partial<FacilityQuery>;
  /** The place and radius of a view filtered by `near` (the list answer's `near`): the map frames the circle. */
  near: Near | null;
  /** The visitor picked a state on the state layer: filter the view to it. */
  onSelectState: (state: string) => void;
  /** Back to the list of the same view. */
  onShowList: () => void;
}

export interface LocatorMapProps {
  latitude: number;
  longitude: number;
  /** The position is the ZIP code's, not the facility's own. */
  approximate: boolean;
  /** The facility's name, for the text alternative. */
  label: string;
  /** The facility's state (postal code): the outline drawn. Without it, the state whose outline holds the position. */
  state?: string | null;
}

export const FacilityMap = lazy(() => import("./facility-map.tsx"));
export const LocatorMap = lazy(() => import("./locator-map.tsx"));
