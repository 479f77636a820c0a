import type { UseQueryResult } from "@tanstack/react-query";
import { LoaderCircle, RotateCcw, SearchX, Star, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import type { FacilityListItem, FacilityListResponse } from "../../../../core/api-types.ts";
import type { AlertMetric } from "../../../../core/constants.ts";
import type { NurseHoursFact } from "../../../components/facility-cards/facility-card.tsx";
import { FacilityCardGrid } from "../../../components/facility-cards/facility-card-grid.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { isTimeoutMessage } from "../errors.ts";

export const EMPTY_TEXTS = {
  favorites: "You haven't added any facilities to your favorites yet.",
  alerts:
    "No facilities with significant rating changes found. Try reducing the threshold or changing the metric.",
  filters: "No facilities match your filters. Try adjusting your search criteria.",
} as const;

interface FacilityResultsProps {
  result: UseQueryResult<FacilityListResponse>;
  /** True until /api/meta has answered: an empty list may then only mean that the server's first load runs. */
  isAwaitingMeta: boolean;
  isAlertFilterOn: boolean;
  alertMetric: AlertMetric | null;
  isFavoritesMode: boolean;
  favoriteCount: number;
  favoriteIds: ReadonlySet<string>;
  /** The facilities chosen for comparison. */
  compareIds: ReadonlySet<string>;
  linkSearch: string;
  /** The nurse hours the cards show, while the list is sorted by them. */
  nurseHours: NurseHoursFact | null;
  onToggleFavorite: (ccn: string, providerName: string) => void;
  onToggleCompare: (facility: FacilityListItem) => void;
}

export function FacilityResults({
  result,
  isAwaitingMeta,
  isAlertFilterOn,
  alertMetric,
  isFavoritesMode,
  favoriteCount,
  favoriteIds,
  compareIds,
  linkSearch,
  nurseHours,
  onToggleFavorite,
  onToggleCompare,
}: FacilityResultsProps) {
  if (result.isPending || (isAwaitingMeta && result.data?.data.length === 0)) {
    return (
      <div role="status" className="flex items-center justify-center gap-2 py-20 text-slate-600">
        <LoaderCircle aria-hidden className="size-5 animate-spin text-blue-600" />
        {isAlertFilterOn ? "Loading facilities with rating changes..." : "Loading facilities..."}
      </div>
    );
  }
  if (result.isLoadingError) {
    return <FacilityError error={result.error} onRetry={() => void result.refetch()} />;
  }

  const response = result.data;
  if (!response) return null;
  const facilities = response.data;

  return (
    <div className="flex flex-col gap-4">
      {result.isRefetchError && (
        <Notice>
          Could not refresh the list: {result.error.message}. The facilities shown may be out of date.
        </Notice>
      )}
      {response.error && (
        <Notice title="Rating alerts could not be loaded">
          {response.error} The facilities below are shown without rating changes.
        </Notice>
      )}
      {facilities.length === 0 ? (
        <EmptyState isFavorites={isFavoritesMode && favoriteCount === 0}>
          {isFavoritesMode && favoriteCount === 0
            ? EMPTY_TEXTS.favorites
            : isAlertFilterOn
              ? EMPTY_TEXTS.alerts
              : EMPTY_TEXTS.filters}
        </EmptyState>
      ) : (
        <FacilityCardGrid
          facilities={facilities}
          isPlaceholder={result.isPlaceholderData}
          favoriteIds={favoriteIds}
          compareIds={compareIds}
          search={linkSearch}
          alertMetric={isAlertFilterOn ? alertMetric : null}
          nurseHours={nurseHours}
          onToggleFavorite={onToggleFavorite}
          onToggleCompare={onToggleCompare}
        />
      )}
    </div>
  );
}

function FacilityError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const isTimeout = isTimeoutMessage(error.message);
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
      <h3 className="flex items-center gap-2 text-lg font-semibold text-red-800">
        <TriangleAlert aria-hidden className="size-5" />
        Error
      </h3>
      <p className="mt-2">Error loading facilities: {error.message}</p>
      {isTimeout && (
        <div className="mt-4 space-y-2 text-sm">
          <p className="font-semibold">The facility rating alerts query timed out.</p>
          <p>This can happen when selecting 'lastQuarter' with large data sets. Try one of these:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>Use 'lastPeriod' instead</li>
            <li>Add more specific filters (like State or Entity Name)</li>
            <li>Try again with a higher threshold</li>
          </ul>
        </div>
      )}
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        <RotateCcw aria-hidden />
        Try again
      </Button>
    </div>
  );
}

function Notice({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <p>
        {title && <strong className="mr-1 font-semibold">{title}:</strong>}
        {children}
      </p>
    </div>
  );
}

function EmptyState({ isFavorites, children }: { isFavorites: boolean; children: ReactNode }) {
  const Icon = isFavorites ? Star : SearchX;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <Icon aria-hidden className="size-8 text-slate-400" />
      <p className="max-w-md text-slate-600">{children}</p>
    </div>
  );
}
