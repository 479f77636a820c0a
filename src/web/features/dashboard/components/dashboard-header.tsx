import { useQuery } from "@tanstack/react-query";
import { ClipboardList, Database, RefreshCw, Rss, Share2 } from "lucide-react";
import { Link, useLocation } from "react-router";
import type { FacilityQuery, Meta } from "../../../../core/api-types.ts";
import { formatCount } from "../../../../core/format.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { changesFeedUrl, copyFeedLink } from "../../../lib/changes-feed.ts";
import { sharePageLink } from "../../../lib/share-link.ts";
import { metaQueryOptions } from "../api/meta-queries.ts";
import { formatLastUpdateCheck, formatLoadNote, getFirstLoad, hasUpdateCheckFailed } from "../data-load.ts";

export function DashboardHeader({
  canShare,
  feedQuery,
}: {
  canShare: boolean;
  /** The list's view, whose feed of rating changes "Subscribe to changes" copies. */
  feedQuery: FacilityQuery;
}) {
  const location = useLocation();
  function handleShare() {
    void sharePageLink("A shareable link with the current filters was copied to the clipboard.");
  }

  function handleSubscribe() {
    void copyFeedLink(
      changesFeedUrl(feedQuery),
      "Add it to a feed reader to follow the rating changes of the facilities in this view.",
    );
  }

  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 lg:text-3xl">
          CMS Star Ratings Dashboard
        </h1>
        <p className="text-slate-600">Monitor and compare facility performance metrics</p>
        <DataSourceLine />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {/* The citations page's back link returns to this view of the dashboard. */}
        <Button asChild variant="outline">
          <Link to="/citations" state={{ dashboardSearch: location.search }}>
            <ClipboardList aria-hidden />
            Citations
          </Link>
        </Button>
        {canShare && (
          <Button variant="outline" onClick={handleShare}>
            <Share2 aria-hidden />
            Share View
          </Button>
        )}
        <Button
          variant="outline"
          onClick={handleSubscribe}
          title="Copy the address of this view's feed of rating changes, for a feed reader"
        >
          <Rss aria-hidden />
          Subscribe to changes
        </Button>
      </div>
    </header>
  );
}

/** Where the data comes from and how current it is; demo data is marked clearly. */
function DataSourceLine() {
  const { data: meta } = useQuery(metaQueryOptions());
  if (!meta) return <p className="h-5" aria-hidden />;
  // The facilities come from the newest Provider Information release; ratings-only files may reach further.
  const date = meta.facilitiesProcessingDate ?? meta.latestProcessingDate ?? "an unknown date";
  const history =
    meta.latestProcessingDate && meta.latestProcessingDate !== date
      ? ` · rating history through ${meta.latestProcessingDate}`
      : "";
  const count = `${formatCount(meta.facilityCount)} facilities`;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
      <Database aria-hidden className="size-3.5" />
      {meta.source === "demo" ? (
        <>
          <Badge variant="warning">Demo data</Badge>
          <span>
            Generated demo data as of {date}, not real CMS ratings · {count}
          </span>
        </>
      ) : getFirstLoad(meta) ? (
        <span>CMS data: first load in progress · Source: CMS Provider Data Catalog, Nursing Homes</span>
      ) : (
        <span>
          CMS data as of {date} · {count}
          {history} · Source: CMS Provider Data Catalog, Nursing Homes
        </span>
      )}
      <UpdateStatus meta={meta} />
    </p>
  );
}

/**
 * The periodic refresh, in a few words: a load running over listed facilities, else when updates were last
 * checked and whether the newest check failed. The slot keeps one width, so a refresh starting or ending does not
 * move the line.
 */
function UpdateStatus({ meta }: { meta: Meta }) {
  if (getFirstLoad(meta)) return null;
  const loadNote = formatLoadNote(meta.load, meta.source);
  const checked = formatLastUpdateCheck(meta.refresh, new Date());
  const hasFailed = hasUpdateCheckFailed(meta.refresh);
  if (!loadNote && !checked && !hasFailed) return null;
  return (
    <span className="inline-flex min-w-60 items-center gap-1.5 whitespace-nowrap">
      <RefreshCw aria-hidden className="size-3.5" />
      {loadNote ?? (
        <>
          {checked}
          {checked && hasFailed && " · "}
          {hasFailed && (
            <span className="text-amber-700" title={meta.refresh.lastError ?? undefined}>
              last update check failed
            </span>
          )}
        </>
      )}
    </span>
  );
}
