// "Ownership": who runs the home, from CMS's Ownership file. Its owners and managers by role group, each with its
// share (or CMS's words when it gives none), since when it has had the role, and a link to the owner's page with
// the number of other homes it has a role in; CMS's flag of a change of ownership in the last 12 months; and the
// owners who came and went over the releases loaded, newest first.
import { useQuery } from "@tanstack/react-query";
import { ArrowRightLeft, Building2, KeyRound, User } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { formatShortDate } from "../../../../core/history.ts";
import type { FacilityOwnership, OwnerType } from "../../../../core/ownership.ts";
import { ShowAllToggle } from "../../../components/show-all-toggle.tsx";
import { ErrorMessage, LoadingMessage } from "../../../components/status-message.tsx";
import { ownershipQueryOptions } from "../../../lib/facility-detail-queries.ts";
import {
  describeOtherHomes,
  formatOwnerPercentage,
  OWNER_TYPE_LABELS,
} from "../../../lib/ownership-labels.ts";
import {
  buildOwnershipTimeline,
  describeSince,
  describeTimeline,
  groupOwnersByRole,
  roleDetail,
  type TimelineEntry,
  type TimelineOwner,
} from "../lib/ownership.ts";

const CARD = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const LINK =
  "rounded-sm text-blue-700 underline decoration-blue-300 underline-offset-2 hover:text-blue-900 hover:decoration-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";
/** Releases of the timeline shown before "Show all". */
const TIMELINE_SHOWN_FIRST = 5;

function OwnerTypeIcon({ type }: { type: OwnerType }) {
  const Icon = type === "organization" ? Building2 : User;
  return <Icon className="size-4 shrink-0 text-slate-400" aria-label={OWNER_TYPE_LABELS[type]} role="img" />;
}

function OwnerGroups({ data }: { data: FacilityOwnership }) {
  const groups = groupOwnersByRole(data.owners);
  return (
    <div className="grid gap-x-8 gap-y-5 lg:grid-cols-2" data-testid="ownership-groups">
      {groups.map((group) => {
        const headingId = `owners-${group.group.replace(/\W+/g, "-")}`;
        return (
          <section key={group.group} aria-labelledby={headingId} data-group={group.group}>
            <h3 id={headingId} className="mb-1 text-sm font-semibold text-slate-700">
              {group.heading} <span className="font-normal text-slate-500">({group.owners.length})</span>
            </h3>
            <ul className="divide-y divide-slate-100">
              {group.owners.map((owner) => {
                const share = formatOwnerPercentage(owner);
                const detail = roleDetail(owner);
                return (
                  <li
                    key={`${owner.ownerPath}|${owner.role}`}
                    className="grid grid-cols-[1fr_auto] gap-x-3 py-2 text-sm"
                    data-testid="ownership-owner"
                  >
                    <div className="min-w-0">
                      <div className="flex items-start gap-1.5">
                        <OwnerTypeIcon type={owner.type} />
                        <Link to={owner.ownerPath} className={`${LINK} font-medium break-words`}>
                          {owner.name}
                        </Link>
                      </div>
                      <p className="mt-0.5 pl-5.5 text-xs text-slate-500">
                        {detail && <span className="block">{detail}</span>}
                        <span>{describeSince(owner)}</span>
                        <span aria-hidden> · </span>
                        <span data-testid="owner-other-homes">
                          {owner.otherFacilities > 0 ? (
                            <Link
                              to={owner.ownerPath}
                              className={LINK}
                              aria-label={`${owner.name}: ${describeOtherHomes(owner.otherFacilities).toLowerCase()}`}
                            >
                              {describeOtherHomes(owner.otherFacilities)}
                            </Link>
                          ) : (
                            describeOtherHomes(0)
                          )}
                        </span>
                      </p>
                    </div>
                    <span
                      className={
                        owner.percentage === null
                          ? "text-right text-xs text-slate-500"
                          : "text-right font-semibold tabular-nums text-slate-900"
                      }
                      data-testid="owner-share"
                    >
                      {share ?? ""}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function TimelineOwners({
  label,
  owners,
  tone,
}: {
  label: string;
  owners: TimelineOwner[];
  tone: "came" | "left";
}) {
  if (owners.length === 0) return null;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1" data-testid={`timeline-${tone}`}>
      <span
        className={
          tone === "came"
            ? "rounded bg-emerald-50 px-1.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/20"
            : "rounded bg-slate-100 px-1.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-500/20"
        }
      >
        {label}
      </span>
      <ul className="contents">
        {owners.map((owner, index) => (
          <li key={owner.ownerPath} className="text-sm">
            <Link to={owner.ownerPath} className={LINK}>
              {owner.name}
            </Link>{" "}
            <span className="text-xs text-slate-500">({owner.roles})</span>
            {index < owners.length - 1 && <span aria-hidden>,</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const listId = useId();
  const shown = isExpanded ? entries : entries.slice(0, TIMELINE_SHOWN_FIRST);
  return (
    <section aria-labelledby={`${listId}-heading`} className="border-t border-slate-100 pt-4">
      <h3 id={`${listId}-heading`} className="text-sm font-semibold text-slate-700">
        Owners who came and left
      </h3>
      <p className="mt-0.5 text-xs text-slate-500">{describeTimeline(entries)}</p>
      {entries.length > 0 && (
        <>
          <ol
            id={listId}
            className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4"
            data-testid="ownership-timeline"
          >
            {shown.map((entry) => (
              <li key={entry.processingDate} className="relative space-y-1" data-testid="timeline-entry">
                <span
                  aria-hidden
                  className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-slate-400 ring-2 ring-white"
                />
                <p className="text-xs font-semibold text-slate-600">
                  <time dateTime={entry.processingDate}>{entry.month}</time>
                </p>
                <TimelineOwners label="Came" owners={entry.came} tone="came" />
                <TimelineOwners label="Left" owners={entry.left} tone="left" />
              </li>
            ))}
          </ol>
          {entries.length > TIMELINE_SHOWN_FIRST && (
            <ShowAllToggle
              isExpanded={isExpanded}
              onToggle={() => setIsExpanded((value) => !value)}
              controls={listId}
              collapsedLabel={`Show all ${entries.length} changes`}
              expandedLabel={`Show the newest ${TIMELINE_SHOWN_FIRST}`}
            >
              <span className="sr-only"> of ownership</span>
            </ShowAllToggle>
          )}
        </>
      )}
    </section>
  );
}

export function OwnershipSection({
  ccn,
  ownershipChanged,
}: {
  ccn: string;
  ownershipChanged: boolean | null;
}) {
  const ownership = useQuery(ownershipQueryOptions(ccn));
  return (
    <section aria-labelledby="section-ownership-heading" className={CARD} data-testid="section-ownership">
      <h2
        id="section-ownership-heading"
        className="flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <KeyRound className="size-4 text-slate-500" aria-hidden />
        Ownership
      </h2>
      {ownershipChanged && (
        <p
          className="mt-3 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="ownership-changed"
        >
          <ArrowRightLeft className="size-4 shrink-0" aria-hidden />
          Changed ownership in the last 12 months, CMS says.
        </p>
      )}
      {ownership.isPending ? (
        <LoadingMessage text="Loading ownership..." />
      ) : ownership.isError ? (
        <ErrorMessage text={`Error loading ownership: ${ownership.error.message}`} />
      ) : ownership.data.processingDate === null || ownership.data.owners.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {ownership.data.processingDate === null
            ? "CMS's ownership files loaded do not list this home's owners."
            : "CMS's newest ownership file lists no owners for this home."}
        </p>
      ) : (
        <div className="mt-1 space-y-4">
          <p className="text-sm text-slate-600">
            The owners and managers CMS lists for this home, as of{" "}
            <time dateTime={ownership.data.processingDate}>
              {formatShortDate(ownership.data.processingDate)}
            </time>
            . Each links to the owner's page with its other homes.
          </p>
          <OwnerGroups data={ownership.data} />
          <Timeline entries={buildOwnershipTimeline(ownership.data.changes)} />
        </div>
      )}
    </section>
  );
}
