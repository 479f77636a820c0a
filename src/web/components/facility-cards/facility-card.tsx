import { memo } from "react";
import type { FacilityListItem, RatingAlert } from "../../../core/api-types.ts";
import type { AlertMetric } from "../../../core/constants.ts";
import {
  changeDirection,
  formatCount,
  formatMiles,
  formatRatingOutOf5,
  formatSignedChange,
} from "../../../core/format.ts";
import { cn } from "../../lib/cn.ts";
import { inspectionMarks } from "../../lib/inspection-labels.ts";
import { specialFocusMark } from "../../lib/special-focus-labels.ts";
import "./facility-card.css";

/** The nurse hours a card shows: every day's, or the weekend's (the list's sorts by nurse hours). */
export type NurseHoursFact = "all" | "weekend";

export interface FacilityCardProps {
  facility: FacilityListItem;
  isFavorite: boolean;
  /** Chosen for the comparison (/compare). */
  isCompared?: boolean;
  /** The dashboard's query string, kept on the way to the detail screen. */
  search: string;
  /** Set while the alert filter is on: the metric the alerts are about. */
  alertMetric: AlertMetric | null;
  /** Lay the card out even off-screen (the last cards, just above the pagination). */
  isEager: boolean;
  /** Which nurse hours the card shows among its facts: while the list is sorted by them. */
  nurseHours?: NurseHoursFact | null;
  onToggleFavorite: (ccn: string, providerName: string) => void;
  /** Given where the card offers the compare toggle. */
  onToggleCompare?: (facility: FacilityListItem) => void;
}

const decimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** Nurse hours per resident per day on a card: "3.86/day", or N/A. */
function formatHours(value: number | null | undefined): string {
  return value == null ? "N/A" : `${value.toFixed(2)}/day`;
}

// A card is rendered up to 1000 times per page: plain markup, one memo, no per-card popovers.
export const FacilityCard = memo(function FacilityCard({
  facility,
  isFavorite,
  isCompared = false,
  search,
  alertMetric,
  isEager,
  nurseHours = null,
  onToggleFavorite,
  onToggleCompare,
}: FacilityCardProps) {
  const showsChanges = Boolean(facility.ratingAlert && alertMetric);
  const place = [facility.city, facility.state].filter(Boolean).join(", ");
  const marks = inspectionMarks(facility);
  const specialFocus = specialFocusMark(facility);
  return (
    <article
      className={
        (isEager ? "fc-card fc-card-eager" : showsChanges ? "fc-card fc-card-with-changes" : "fc-card") +
        (onToggleCompare ? " fc-card-comparable" : "")
      }
    >
      <h3 className="fc-title">
        {/* A plain link covering the card: the grid routes its clicks client-side (a router <Link> per card
            costs too much at 1000 cards). */}
        <a href={`/facility/${facility.ccn}${search}`} className="fc-link">
          {facility.providerName}
        </a>
      </h3>
      {facility.distanceMiles != null ? (
        // Filtered by a place: how far it is, never cut off by a long city name.
        <p className="fc-place fc-place-near">
          {place && <span className="fc-place-name">{place}</span>}
          <span className="fc-distance">{formatMiles(facility.distanceMiles)}</span>
        </p>
      ) : (
        place && <p className="fc-place">{place}</p>
      )}
      <button
        type="button"
        onClick={() => onToggleFavorite(facility.ccn, facility.providerName)}
        aria-label={
          isFavorite
            ? `Remove ${facility.providerName} from favorites`
            : `Add ${facility.providerName} to favorites`
        }
        className={isFavorite ? "fc-favorite fc-favorite-on" : "fc-favorite"}
      />

      {/* The five stars are drawn by CSS (::before) from data-value; the rating is also written out. */}
      <p className="fc-overall" data-value={facility.overallRating ?? 0}>
        {formatRatingOutOf5(facility.overallRating)}
        <span className="fc-overall-label">Overall</span>
      </p>

      {/* CMS's Special Focus Facility program: on it, or a candidate (CMS's explanation as the tooltip). */}
      {specialFocus && (
        <p className={`fc-sff fc-sff-${specialFocus.status}`} title={specialFocus.title}>
          {specialFocus.label}
          <span className="sr-only">
            {specialFocus.status === "sff"
              ? " (Special Focus Facility)"
              : " for the Special Focus Facility program"}
          </span>
        </p>
      )}

      {/* The inspection record in a word or two: harm or immediate jeopardy, abuse (only when cited). */}
      {marks.length > 0 && (
        <ul className="fc-marks" aria-label="Inspection record">
          {marks.map((mark) => (
            <li key={mark.key} className={`fc-mark fc-mark-${mark.key}`} title={mark.title}>
              {mark.label}
              <span className="sr-only">{mark.period}</span>
            </li>
          ))}
        </ul>
      )}

      {/* Flat grids (term above value, one column each) keep the node count down. */}
      <dl className="fc-ratings">
        <dt>Health Inspection</dt>
        <dd>{formatRatingOutOf5(facility.healthInspectionRating)}</dd>
        <dt>Staffing</dt>
        <dd>{formatRatingOutOf5(facility.staffingRating)}</dd>
        <dt>QM</dt>
        <dd>{formatRatingOutOf5(facility.qmRating)}</dd>
      </dl>

      <dl className={nurseHours ? "fc-facts fc-facts-3" : "fc-facts"}>
        <dt>Residents</dt>
        <dd>
          {facility.averageResidentsPerDay == null ? "N/A" : formatCount(facility.averageResidentsPerDay)}
        </dd>
        <dt>Deficiency score</dt>
        <dd>
          {facility.healthDeficiencyScore == null ? "N/A" : decimal.format(facility.healthDeficiencyScore)}
        </dd>
        {nurseHours && (
          <>
            <dt>{nurseHours === "weekend" ? "Weekend nurse hrs" : "Nurse hours"}</dt>
            <dd>
              {formatHours(
                nurseHours === "weekend" ? facility.weekendTotalNurseHours : facility.totalNurseHours,
              )}
              <span className="sr-only"> per resident per day</span>
            </dd>
          </>
        )}
      </dl>

      {facility.ratingAlert && alertMetric && (
        <RatingChanges alert={facility.ratingAlert} metric={alertMetric} />
      )}

      {/* Beside the link, never inside it (a button in a link is invalid and unreachable by keyboard), placed
          by CSS at the card's foot, one element per card. The name stays the same; aria-pressed says whether
          the facility is chosen. */}
      {onToggleCompare && (
        <button
          type="button"
          aria-pressed={isCompared}
          aria-label={`Compare ${facility.providerName}`}
          onClick={() => onToggleCompare(facility)}
          className="fc-compare"
        >
          Compare
        </button>
      )}
    </article>
  );
});

const CHANGE_STYLES = {
  up: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  down: "bg-red-50 text-red-700 ring-red-600/20",
  none: "bg-slate-100 text-slate-500 ring-slate-500/10",
} as const;
const CHANGE_WORDS = { up: "rose", down: "fell", none: "unchanged" } as const;

interface ChangeRow {
  metric: AlertMetric;
  label: string;
  diff: number;
  previous: number | null;
  latest: number | null;
}

function getChangeRows(alert: RatingAlert, metric: AlertMetric): ChangeRow[] {
  const rows: ChangeRow[] = [
    {
      metric: "Overall Rating",
      label: "Overall",
      diff: alert.overallDiff,
      previous: alert.previousOverall,
      latest: alert.latestOverall,
    },
    {
      metric: "Health Inspection Rating",
      label: "Health",
      diff: alert.healthInspectionDiff,
      previous: alert.previousHealthInspection,
      latest: alert.latestHealthInspection,
    },
    {
      metric: "Staffing Rating",
      label: "Staffing",
      diff: alert.staffingDiff,
      previous: alert.previousStaffing,
      latest: alert.latestStaffing,
    },
    {
      metric: "QM Rating",
      label: "QM",
      diff: alert.qmDiff,
      previous: alert.previousQm,
      latest: alert.latestQm,
    },
  ];
  if (metric === "Long-Stay QM Rating") {
    rows.push({
      metric,
      label: "Long-stay QM",
      diff: alert.longStayQmDiff,
      previous: alert.previousLongStayQm,
      latest: alert.latestLongStayQm,
    });
  }
  if (metric === "Short-Stay QM Rating") {
    rows.push({
      metric,
      label: "Short-stay QM",
      diff: alert.shortStayQmDiff,
      previous: alert.previousShortStayQm,
      latest: alert.latestShortStayQm,
    });
  }
  return rows;
}

function RatingChanges({ alert, metric }: { alert: RatingAlert; metric: AlertMetric }) {
  return (
    <div className="mt-3 rounded-lg border border-slate-100 bg-slate-50/70 p-2.5">
      <p className="text-xs text-slate-600">
        Rating changes <span className="text-slate-500">from</span>{" "}
        <time dateTime={alert.previousDate}>{alert.previousDate}</time>{" "}
        <span className="text-slate-500">to</span> <time dateTime={alert.latestDate}>{alert.latestDate}</time>
      </p>
      <ul className="mt-1.5 flex flex-wrap gap-1.5">
        {getChangeRows(alert, metric).map((row) => {
          const direction = changeDirection(row.diff);
          const from = row.previous == null ? "N/A" : String(row.previous);
          const to = row.latest == null ? "N/A" : String(row.latest);
          return (
            <li
              key={row.label}
              data-direction={direction}
              title={`${row.label}: ${from} → ${to}`}
              className={cn(
                "inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
                CHANGE_STYLES[direction],
                row.metric === metric && "font-semibold ring-2",
              )}
            >
              {row.label} <span className="tabular-nums">{formatSignedChange(row.diff)}</span>
              <span className="sr-only">
                ({CHANGE_WORDS[direction]}, {from} to {to})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
