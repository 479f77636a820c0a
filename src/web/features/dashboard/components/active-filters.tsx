import { FilterX, X } from "lucide-react";
import { Link } from "react-router";
import {
  DEFAULT_ALERT_METRIC,
  DEFAULT_ALERT_PERIOD,
  DEFAULT_ALERT_THRESHOLD,
} from "../../../../core/constants.ts";
import { ownerPath } from "../../../../core/ownership.ts";
import {
  type DashboardFilters,
  disableAlertFilter,
  hasActiveFilters,
  parseOwnerFilter,
  withoutNear,
} from "../../../../core/url-state.ts";
import { Button, focusRing } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";
import { HARM_FILTER_LABELS } from "../../../lib/inspection-labels.ts";
import { SFF_FILTER_LABELS } from "../../../lib/special-focus-labels.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import { describePlace, PERIOD_LABELS } from "../view-title.ts";

function Chip({
  label,
  onRemove,
  link,
}: {
  label: string;
  onRemove: () => void;
  /** A page about what the chip names (an owner's page), linked from the chip's words after `link.prefix`. */
  link?: { prefix: string; text: string; href: string; title: string } | undefined;
}) {
  return (
    <li className="inline-flex max-w-full items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pr-1 pl-2.5 text-sm text-blue-900">
      {link ? (
        <span className="truncate">
          {link.prefix}
          <Link
            to={link.href}
            title={link.title}
            className={cn(
              "rounded-sm underline decoration-blue-300 underline-offset-2 hover:decoration-blue-900",
              focusRing,
            )}
          >
            {link.text}
          </Link>
        </span>
      ) : (
        <span className="truncate">{label}</span>
      )}
      <button
        type="button"
        aria-label={`Remove filter ${label}`}
        onClick={onRemove}
        className={cn("rounded-full p-0.5 text-blue-700 hover:bg-blue-100 hover:text-blue-900", focusRing)}
      >
        <X aria-hidden className="size-3.5" />
      </button>
    </li>
  );
}

/**
 * One chip per active filter, each with a remove action; group clears for several states or entities; and Clear
 * filters at the end of the row, whenever a filter is on (SPEC section 2).
 */
export function ActiveFilters({
  filters,
  place,
  onFiltersChange,
  onReset,
}: {
  filters: DashboardFilters;
  /** The label of the place the list is filtered by (as the server resolved it); null for none. */
  place: string | null;
  onFiltersChange: (update: FiltersUpdate) => void;
  onReset: () => void;
}) {
  const search = filters.search.trim();
  const hasAny =
    place !== null ||
    search !== "" ||
    filters.ratingMin != null ||
    filters.states.length > 0 ||
    filters.affiliatedEntities.length > 0 ||
    filters.alertFilterEnabled ||
    filters.favoritesOnly ||
    filters.harm != null ||
    filters.abuse ||
    filters.owners.length > 0 ||
    filters.sff != null ||
    filters.ownershipChanged;
  const canClear = hasActiveFilters(filters);
  const clearButton = canClear && (
    <Button variant="ghost" size="sm" onClick={onReset} className="h-7 text-slate-600">
      <FilterX aria-hidden />
      Clear filters
    </Button>
  );
  // A place the server did not know has no chip (its message is under the field), but it can be cleared.
  if (!hasAny) return clearButton ? <div className="flex">{clearButton}</div> : null;

  const alertLabel = `Alerts: ${filters.ratingMetric ?? DEFAULT_ALERT_METRIC} ±${
    filters.ratingChangeThreshold ?? DEFAULT_ALERT_THRESHOLD
  }, ${PERIOD_LABELS[filters.timePeriod ?? DEFAULT_ALERT_PERIOD].toLowerCase()}`;

  return (
    <section aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-500">Active filters:</span>
      <ul className="flex flex-wrap items-center gap-2">
        {filters.favoritesOnly && (
          <Chip
            label="Favorites only"
            onRemove={() => onFiltersChange((f) => ({ ...f, favoritesOnly: false }))}
          />
        )}
        {place !== null && (
          // Removing the place takes its radius (and the order by distance) with it.
          <Chip label={describePlace(filters, place)} onRemove={() => onFiltersChange(withoutNear)} />
        )}
        {search !== "" && (
          <Chip label={`Search: ${search}`} onRemove={() => onFiltersChange((f) => ({ ...f, search: "" }))} />
        )}
        {filters.ratingMin != null && (
          <Chip
            label={`${filters.ratingMin}+ stars`}
            onRemove={() => onFiltersChange((f) => ({ ...f, ratingMin: null }))}
          />
        )}
        {filters.states.map((state) => (
          <Chip
            key={`state-${state}`}
            label={state}
            onRemove={() =>
              onFiltersChange((f) => ({ ...f, states: f.states.filter((value) => value !== state) }))
            }
          />
        ))}
        {filters.states.length > 1 && (
          <li>
            <Button
              variant="link"
              size="sm"
              className="h-7 px-1"
              onClick={() => onFiltersChange((f) => ({ ...f, states: [] }))}
            >
              Clear all states
            </Button>
          </li>
        )}
        {filters.affiliatedEntities.map((entity) => (
          <Chip
            key={`entity-${entity}`}
            label={entity}
            onRemove={() =>
              onFiltersChange((f) => ({
                ...f,
                affiliatedEntities: f.affiliatedEntities.filter((value) => value !== entity),
              }))
            }
          />
        ))}
        {filters.affiliatedEntities.length > 1 && (
          <li>
            <Button
              variant="link"
              size="sm"
              className="h-7 px-1"
              onClick={() => onFiltersChange((f) => ({ ...f, affiliatedEntities: [] }))}
            >
              Clear all entities
            </Button>
          </li>
        )}
        {filters.owners.map((value) => {
          const owner = parseOwnerFilter(value);
          return (
            <Chip
              key={`owner-${value}`}
              label={`Owner: ${owner?.name ?? value}`}
              link={
                owner
                  ? {
                      prefix: "Owner: ",
                      text: owner.name,
                      href: ownerPath(owner.type, owner.name),
                      title: `${owner.name}: its page, with its homes, ratings and inspection record`,
                    }
                  : undefined
              }
              onRemove={() =>
                onFiltersChange((f) => ({ ...f, owners: f.owners.filter((other) => other !== value) }))
              }
            />
          );
        })}
        {filters.owners.length > 1 && (
          <li>
            <Button
              variant="link"
              size="sm"
              className="h-7 px-1"
              onClick={() => onFiltersChange((f) => ({ ...f, owners: [] }))}
            >
              Clear all owners
            </Button>
          </li>
        )}
        {filters.sff != null && (
          <Chip
            label={SFF_FILTER_LABELS[filters.sff]}
            onRemove={() => onFiltersChange((f) => ({ ...f, sff: null }))}
          />
        )}
        {filters.ownershipChanged && (
          <Chip
            label="Changed owner in the last year"
            onRemove={() => onFiltersChange((f) => ({ ...f, ownershipChanged: false }))}
          />
        )}
        {filters.harm != null && (
          <Chip
            label={HARM_FILTER_LABELS[filters.harm]}
            onRemove={() => onFiltersChange((f) => ({ ...f, harm: null }))}
          />
        )}
        {filters.abuse && (
          <Chip label="Abuse cited" onRemove={() => onFiltersChange((f) => ({ ...f, abuse: false }))} />
        )}
        {filters.alertFilterEnabled && (
          <Chip label={alertLabel} onRemove={() => onFiltersChange(disableAlertFilter)} />
        )}
      </ul>
      {clearButton}
    </section>
  );
}
