// What the maps take, apart from their code: the lazy entry (index.ts) and the maps themselves share these types.
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
