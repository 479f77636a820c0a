// The comparison route, /compare?ccn=A&ccn=B (up to 4): the facilities side by side, the best value of each row
// marked, and their overall rating histories overlaid. The address says what is compared (a shared link shows
// the same facilities, and wins over the device's selection, which follows it); /compare alone opens the
// device's selection. Loaded lazily, with the chart in a chunk of its own.
import { useQueries } from "@tanstack/react-query";
import { GitCompareArrows, Share2 } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import type { FacilityDetail } from "../../../core/api-types.ts";
import { CenteredPage } from "../../components/centered-page.tsx";
import { ErrorMessage, LoadingMessage } from "../../components/status-message.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useCompareSelection } from "../../hooks/use-compare-selection.ts";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { ApiError } from "../../lib/api-client.ts";
import {
  type CompareItem,
  compareHref,
  compareStore,
  MAX_COMPARE_FACILITIES,
  parseCompareParams,
  toCompareItem,
} from "../../lib/compare-selection.ts";
import {
  facilityQueryOptions,
  historyQueryOptions,
  qualityMeasuresQueryOptions,
  staffingQueryOptions,
} from "../../lib/facility-detail-queries.ts";
import { sharePageLink } from "../../lib/share-link.ts";
import { CompareTable } from "./components/compare-table.tsx";
import { mergeHistories } from "./lib/compare-history.ts";
import type { ComparedFacility } from "./lib/compare-rows.ts";

const CompareHistoryChart = lazy(() =>
  import("./components/compare-history-chart.tsx").then((module) => ({
    default: module.CompareHistoryChart,
  })),
);

const TITLE = "Compare facilities | CMS Star Ratings Dashboard";
const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

export function ComparePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseCompareParams(searchParams), [searchParams]);
  const { items: stored, remove } = useCompareSelection();
  useDocumentTitle(TITLE);

  const hasCcnParam = searchParams.has("ccn");
  const handleRemove = useCallback(
    (ccn: string) => {
      remove(ccn);
      const next = [...params.ccns, ...params.overflow].filter((candidate) => candidate !== ccn);
      setSearchParams(new URLSearchParams(next.map((candidate) => ["ccn", candidate])), { replace: true });
    },
    [params, remove, setSearchParams],
  );

  // /compare alone: the facilities chosen on this device.
  if (!hasCcnParam && stored.length > 0) {
    return <Navigate replace to={compareHref(stored.map((item) => item.ccn))} />;
  }

  return (
    <CenteredPage>
      <div className="space-y-6">
        {params.ccns.length === 0 ? (
          <>
            <PageHeader canShare={false} />
            <InputNotices invalid={params.invalid} overflow={[]} />
            <EmptyState />
          </>
        ) : (
          <Comparison
            ccns={params.ccns}
            invalid={params.invalid}
            overflow={params.overflow}
            onRemove={handleRemove}
          />
        )}
      </div>
    </CenteredPage>
  );
}

function PageHeader({ canShare }: { canShare: boolean }) {
  function handleShare() {
    void sharePageLink("A shareable link to this comparison was copied to the clipboard.");
  }
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Compare facilities</h1>
        <p className="text-slate-600">
          Up to {MAX_COMPARE_FACILITIES} facilities side by side, with the best value of each measure marked.
        </p>
      </div>
      {canShare && (
        <Button variant="outline" onClick={handleShare}>
          <Share2 aria-hidden />
          Share
        </Button>
      )}
    </header>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <GitCompareArrows aria-hidden className="size-8 text-slate-400" />
      <h2 className="text-lg font-semibold text-slate-900">No facilities to compare yet</h2>
      <p className="max-w-lg text-slate-600">
        Press "Compare" on a facility's card, on the dashboard or on an affiliated entity's page, or on a
        facility's own page, to add it (up to {MAX_COMPARE_FACILITIES}). On those pages a bar at the bottom of
        the screen names them; its "Compare" button shows them side by side here.
      </p>
      <Button asChild variant="outline">
        <Link to="/">Go to the dashboard</Link>
      </Button>
    </div>
  );
}

function InputNotices({ invalid, overflow }: { invalid: readonly string[]; overflow: readonly string[] }) {
  if (invalid.length === 0 && overflow.length === 0) return null;
  return (
    <div
      role="status"
      className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
    >
      {invalid.length > 0 && (
        <p>
          Not a facility number (CCN, 6 letters or digits), skipped:{" "}
          {invalid.map((value) => `"${value}"`).join(", ")}.
        </p>
      )}
      {overflow.length > 0 && (
        <p>
          Only {MAX_COMPARE_FACILITIES} facilities can be compared; not shown: {overflow.join(", ")}.
        </p>
      )}
    </div>
  );
}

/** Whether a failed detail request means that the facility does not exist (as opposed to a failure to load). */
function isNotFound(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

function Comparison({
  ccns,
  invalid,
  overflow,
  onRemove,
}: {
  ccns: readonly string[];
  invalid: readonly string[];
  overflow: readonly string[];
  onRemove: (ccn: string) => void;
}) {
  const details = useQueries({ queries: ccns.map((ccn) => facilityQueryOptions(ccn)) });
  // The staffing figures and quality measures add their rows as they arrive; the table does not wait for them.
  const staffing = useQueries({ queries: ccns.map((ccn) => staffingQueryOptions(ccn)) });
  const quality = useQueries({ queries: ccns.map((ccn) => qualityMeasuresQueryOptions(ccn)) });
  const isLoading = details.some((result) => result.isPending);

  const facilities: ComparedFacility[] = [];
  const notFound: string[] = [];
  const failed: { ccn: string; message: string }[] = [];
  ccns.forEach((ccn, index) => {
    const result = details[index];
    if (!result || result.isPending) return;
    if (result.isError) {
      if (isNotFound(result.error)) notFound.push(ccn);
      else failed.push({ ccn, message: result.error.message });
    } else {
      facilities.push({
        ...result.data,
        staffing: staffing[index]?.data,
        qualityMeasures: quality[index]?.data,
      });
    }
  });

  // The device's selection follows the comparison on screen (a shared link wins): found facilities with their
  // names and places; a facility that failed to load stays; one that does not exist goes.
  const selectionKey = isLoading
    ? null
    : JSON.stringify(
        ccns.flatMap((ccn): CompareItem[] => {
          const found = facilities.find((facility) => facility.ccn.toUpperCase() === ccn);
          if (found) return [toCompareItem(found)];
          if (failed.some((entry) => entry.ccn === ccn)) {
            const known = compareStore.getSnapshot().find((item) => item.ccn === ccn);
            return [known ?? { ccn, providerName: "" }];
          }
          return [];
        }),
      );
  useEffect(() => {
    if (selectionKey === null) return;
    try {
      compareStore.replace(JSON.parse(selectionKey) as CompareItem[]);
    } catch {
      // Storage is unavailable: the comparison still shows; the device just does not remember it.
    }
  }, [selectionKey]);

  return (
    <>
      <PageHeader canShare={!isLoading && facilities.length > 0} />
      <InputNotices invalid={invalid} overflow={overflow} />
      {isLoading ? (
        <LoadingMessage text="Loading facilities..." />
      ) : (
        <>
          {notFound.length > 0 && (
            <div
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
            >
              {notFound.length === 1
                ? "This facility could not be found"
                : "These facilities could not be found"}
              : {notFound.map((ccn) => `CCN ${ccn}`).join(", ")}.
            </div>
          )}
          {failed.map((entry) => (
            <ErrorMessage
              key={entry.ccn}
              text={`Error loading facility details for CCN ${entry.ccn}: ${entry.message}`}
            />
          ))}
          {facilities.length > 0 && (
            <>
              {facilities.length === 1 && (
                <p className="text-sm text-slate-600">
                  Add another facility from the dashboard or a facility's page to compare it with this one.
                </p>
              )}
              <CompareTable
                facilities={facilities}
                onRemove={(facility) => onRemove(facility.ccn.toUpperCase())}
              />
              <HistorySection facilities={facilities} />
            </>
          )}
          {facilities.length === 0 && failed.length === 0 && <EmptyState />}
        </>
      )}
    </>
  );
}

/** The histories of the facilities that exist, overlaid. */
function HistorySection({ facilities }: { facilities: readonly FacilityDetail[] }) {
  const columns = useQueries({ queries: facilities.map((facility) => historyQueryOptions(facility.ccn)) });
  const isPending = columns.some((result) => result.isPending);
  const failure = columns.find((result) => result.isError)?.error;
  const rows = isPending ? [] : mergeHistories(columns.map((result) => result.data ?? []));
  // Two facilities may share a name: the legend and the table tell them apart by CCN.
  const chartFacilities = facilities.map((facility) => {
    const isShared = facilities.some(
      (other) => other !== facility && other.providerName === facility.providerName,
    );
    return {
      ccn: facility.ccn,
      name: isShared ? `${facility.providerName} (${facility.ccn})` : facility.providerName,
    };
  });

  return (
    <section aria-labelledby="compare-history-title" className={CARD}>
      <h2 id="compare-history-title" className="mb-4 text-lg font-semibold text-slate-900">
        Overall Rating History
      </h2>
      {isPending ? (
        <LoadingMessage text="Loading rating history..." />
      ) : failure ? (
        <ErrorMessage text={`Error loading rating history: ${failure.message}`} />
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-slate-500">No rating history available for these facilities.</p>
      ) : (
        <Suspense fallback={<LoadingMessage text="Loading rating history..." />}>
          <CompareHistoryChart rows={rows} facilities={chartFacilities} />
        </Suspense>
      )}
    </section>
  );
}
