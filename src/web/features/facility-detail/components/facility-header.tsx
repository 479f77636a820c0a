import { AlertTriangle, Building2, Info, MapPin, Phone, Rss, Star } from "lucide-react";
import type { Benchmarks, FacilityDetail } from "../../../../core/api-types.ts";
import { changesFeedPath } from "../../../../core/change-feed.ts";
import { formatRatingOutOf5 } from "../../../../core/format.ts";
import { SPECIAL_FOCUS_EXPLANATIONS, SPECIAL_FOCUS_LABELS } from "../../../../core/special-focus.ts";
import { CompareToggle } from "../../../components/compare-toggle.tsx";
import { cn } from "../../../lib/cn.ts";
import { formatAddress, formatPhone } from "../../../lib/facility-contact.ts";
import { describeSpecialFocusPeriod } from "../../../lib/special-focus-labels.ts";
import { getBenchmarkParts } from "../lib/benchmarks.ts";
import { homeFacts } from "../lib/home-facts.ts";
import type { AbuseNotice } from "../lib/inspections.ts";
import { AbuseHeaderLink } from "./abuse-flag.tsx";
import { BenchmarkNote } from "./benchmark-note.tsx";

/**
 * CMS's Special Focus Facility status: the home's current status with CMS's explanation, and the stretches of
 * releases in which CMS listed it so; a home no longer listed says when it was.
 */
function SpecialFocus({ facility }: { facility: FacilityDetail }) {
  const status = facility.specialFocus ?? null;
  const history = facility.specialFocusHistory ?? [];
  if (status === null && history.length === 0) return null;
  if (status === null) {
    return (
      <p className="text-sm text-slate-600" data-testid="special-focus-history">
        Formerly listed by CMS: {history.map(describeSpecialFocusPeriod).join("; ")}.
      </p>
    );
  }
  return (
    <div
      className={cn(
        "flex gap-2.5 rounded-lg border px-3 py-2.5 text-sm",
        status === "sff"
          ? "border-red-300 bg-red-50 text-red-950"
          : "border-amber-300 bg-amber-50 text-amber-950",
      )}
      data-testid="special-focus"
      data-status={status}
    >
      <AlertTriangle
        className={cn("mt-0.5 size-4 shrink-0", status === "sff" ? "text-red-700" : "text-amber-700")}
        aria-hidden
      />
      <div className="space-y-1">
        <p className="font-semibold">{SPECIAL_FOCUS_LABELS[status]}</p>
        <p>{SPECIAL_FOCUS_EXPLANATIONS[status]}</p>
        {history.length > 0 && (
          <p className="text-xs opacity-80" data-testid="special-focus-history">
            Listed by CMS: {history.map(describeSpecialFocusPeriod).join("; ")}.
          </p>
        )}
      </div>
    </div>
  );
}

function StarRow({ rating }: { rating: number }) {
  return (
    <span className="flex gap-0.5" aria-hidden>
      {[1, 2, 3, 4, 5].map((position) => (
        <Star
          key={position}
          className={cn(
            "size-5",
            position <= rating ? "fill-amber-400 text-amber-400" : "fill-slate-100 text-slate-300",
          )}
        />
      ))}
    </span>
  );
}

export function FacilityHeader({
  facility,
  benchmarks,
  abuse,
}: {
  facility: FacilityDetail;
  /** The state and national averages, once loaded. */
  benchmarks?: Benchmarks | undefined;
  /** CMS's abuse icon or abuse citations, once the inspections are loaded: a link to the Inspections section. */
  abuse?: AbuseNotice | null;
}) {
  const address = formatAddress(facility);
  const rating = facility.overallRating;
  const facts = homeFacts(facility);
  const overallAverages = benchmarks ? getBenchmarkParts("overallRating", benchmarks, facility.state) : [];
  return (
    <header className="flex flex-wrap items-start justify-between gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="min-w-0 flex-1 space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{facility.providerName}</h1>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600">
          {address && (
            <span className="flex items-center gap-1.5" data-testid="facility-address">
              <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden />
              {address}
            </span>
          )}
          {facility.phone && (
            <a
              href={`tel:${facility.phone.replace(/[^\d+]/g, "")}`}
              className="flex items-center gap-1.5 hover:text-slate-900 hover:underline"
            >
              <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
              {formatPhone(facility.phone)}
            </a>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium">CCN {facility.ccn}</span>
          {facility.county && (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5">County: {facility.county}</span>
          )}
          {facility.ownershipType && (
            <span className="flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5">
              <Building2 className="size-3" aria-hidden />
              {facility.ownershipType}
            </span>
          )}
          {abuse && <AbuseHeaderLink notice={abuse} />}
        </div>
        {facts.length > 0 && (
          <ul
            aria-label="About the home"
            className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
            data-testid="home-facts"
          >
            {facts.map((fact) => (
              <li
                key={fact.key}
                data-fact={fact.key}
                className={cn(
                  "flex items-center gap-1.5",
                  fact.isWarning ? "text-amber-800" : "text-slate-600",
                )}
              >
                {fact.isWarning ? (
                  <AlertTriangle className="size-3.5 shrink-0" aria-label="Note" role="img" />
                ) : (
                  <Info className="size-3.5 shrink-0 text-slate-400" aria-hidden />
                )}
                {fact.text}
              </li>
            ))}
          </ul>
        )}
        <SpecialFocus facility={facility} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <CompareToggle facility={facility} />
          <a
            href={changesFeedPath({ ccns: [facility.ccn] })}
            type="application/atom+xml"
            className="flex items-center gap-1.5 text-sm text-slate-600 hover:text-slate-900 hover:underline"
          >
            <Rss className="size-4 shrink-0 text-orange-600" aria-hidden />
            Subscribe to rating changes
          </a>
        </div>
      </div>
      <div
        className="flex flex-col items-end gap-1 rounded-lg bg-slate-50 px-4 py-3"
        data-testid="overall-rating"
      >
        <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Overall Rating</span>
        {rating === null ? (
          <span className="flex items-center gap-1.5 text-2xl font-semibold text-slate-500">
            <Star className="size-5 text-slate-300" aria-hidden />
            {formatRatingOutOf5(rating)}
          </span>
        ) : (
          <span className="flex items-center gap-2">
            <StarRow rating={rating} />
            <span className="text-2xl font-semibold tabular-nums text-slate-900">
              {formatRatingOutOf5(rating)}
            </span>
          </span>
        )}
        {overallAverages.length > 0 && (
          <BenchmarkNote parts={overallAverages} testId="benchmark-overallRating" className="text-sm" />
        )}
      </div>
    </header>
  );
}
