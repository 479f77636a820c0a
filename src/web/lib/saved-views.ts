// Saved filter views, kept on the device (SPEC sections 3, 7): [{ id, name, filters, dateCreated }].
import * as z from "zod/mini";
import { MAX_RADIUS_MILES } from "../../core/api-query.ts";
import { LIST_SORTS } from "../../core/api-types.ts";
import { ALERT_METRICS, ALERT_PERIODS, STORAGE_KEYS } from "../../core/constants.ts";
import { HARM_FILTERS } from "../../core/inspections.ts";
import { SFF_FILTERS } from "../../core/special-focus.ts";
import {
  DASHBOARD_VIEWS,
  type DashboardFilters,
  DEFAULT_FILTERS,
  normalizePlaceFilters,
  parseEntitiesParam,
  parseOwnersParam,
  parseStatesParam,
} from "../../core/url-state.ts";
import { createStoredList, type KeyValueStorage, parseStoredList } from "./storage.ts";

const ratingChoice = z.int().check(z.minimum(1), z.maximum(5));

// Each field falls back to its default on its own: a view saved by an older version still loads.
const savedFiltersSchema = z.object({
  search: z.catch(z.string(), DEFAULT_FILTERS.search),
  ratingMin: z.catch(z.nullable(ratingChoice), null),
  states: z.catch(z.array(z.string()), []),
  affiliatedEntities: z.catch(z.array(z.string()), []),
  alertFilterEnabled: z.catch(z.boolean(), false),
  ratingChangeThreshold: z.catch(z.nullable(ratingChoice), null),
  ratingMetric: z.catch(z.nullable(z.enum(ALERT_METRICS)), null),
  timePeriod: z.catch(z.nullable(z.enum(ALERT_PERIODS)), null),
  favoritesOnly: z.catch(z.boolean(), false),
  near: z.catch(z.string(), DEFAULT_FILTERS.near),
  radius: z.catch(z.nullable(z.int().check(z.minimum(1), z.maximum(MAX_RADIUS_MILES))), null),
  sort: z.catch(z.nullable(z.enum(LIST_SORTS)), null),
  harm: z.catch(z.nullable(z.enum(HARM_FILTERS)), null),
  abuse: z.catch(z.boolean(), false),
  owners: z.catch(z.array(z.string()), []),
  sff: z.catch(z.nullable(z.enum(SFF_FILTERS)), null),
  ownershipChanged: z.catch(z.boolean(), false),
  view: z.catch(z.enum(DASHBOARD_VIEWS), DEFAULT_FILTERS.view),
});

export const savedViewSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  filters: z.pipe(
    savedFiltersSchema,
    z.transform(
      (filters): DashboardFilters =>
        normalizePlaceFilters({
          ...filters,
          states: parseStatesParam(filters.states),
          affiliatedEntities: parseEntitiesParam(filters.affiliatedEntities),
          owners: parseOwnersParam(filters.owners),
        }),
    ),
  ),
  dateCreated: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export function parseSavedViews(raw: string | null): SavedView[] {
  return parseStoredList(raw, savedViewSchema, "saved views");
}

function generateId(): string {
  // randomUUID exists only in secure contexts (https, localhost).
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function createSavedViewsStore(getStorage?: () => KeyValueStorage | null) {
  const list = createStoredList({ key: STORAGE_KEYS.savedViews, parse: parseSavedViews, getStorage });
  return {
    getSnapshot: list.getSnapshot,
    subscribe: list.subscribe,
    /** Saves the filters under a name; throws (after logging) when the name is blank or storage fails. */
    save(name: string, filters: DashboardFilters, now: Date = new Date()): SavedView {
      const trimmed = name.trim();
      if (trimmed === "") throw new Error("A saved view needs a name");
      const view: SavedView = {
        id: generateId(),
        name: trimmed,
        filters: structuredClone(filters),
        dateCreated: now.toISOString(),
      };
      try {
        list.write([...list.getSnapshot(), view]);
      } catch (error) {
        console.error("Could not save the view", error);
        throw error;
      }
      return view;
    },
    /** Deletes a view; throws (after logging) when storage fails. */
    remove(id: string): void {
      try {
        list.write(list.getSnapshot().filter((view) => view.id !== id));
      } catch (error) {
        console.error("Could not delete the view", error);
        throw error;
      }
    },
  };
}

export type SavedViewsStore = ReturnType<typeof createSavedViewsStore>;
export const savedViewsStore: SavedViewsStore = createSavedViewsStore();
