// The owner route, /owner/:type/:name (the name URL-encoded, as the API's `ownerPath` and `path` write it): an owner
// or manager of homes across the nation, from CMS's Ownership files. Its kind, name, footprint and roles, its homes'
// average ratings and inspection record beside the nation's, its homes by state and the homes it gained and lost by
// year, and its homes as the dashboard's cards or map, with links to them on the dashboard. Loaded lazily.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { OWNER_TYPES, type OwnerType } from "../../../core/ownership.ts";
import { CenteredPage } from "../../components/centered-page.tsx";
import { CompareBar } from "../../components/compare-bar.tsx";
import { InspectionRecordSection } from "../../components/inspection-record-section.tsx";
import { ErrorMessage, LoadingMessage } from "../../components/status-message.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { ApiError } from "../../lib/api-client.ts";
import { ownerFilterValue } from "../../lib/ownership-labels.ts";
import { ownerQueryOptions } from "./api/owner-queries.ts";
import { OwnerHeader } from "./components/owner-header.tsx";
import { OwnerHomes } from "./components/owner-homes.tsx";
import { OwnerHistory, OwnerStates } from "./components/owner-states-history.tsx";
import { OwnerUnavailable } from "./components/owner-unavailable.tsx";

const APP_TITLE = "CMS Star Ratings Dashboard";

function OwnerContent({ type, name }: { type: OwnerType; name: string }) {
  const owner = useQuery(ownerQueryOptions(type, name));
  const isUnknown = owner.error instanceof ApiError && owner.error.status === 404;
  const isRefused = owner.error instanceof ApiError && owner.error.status === 400;
  useDocumentTitle(
    owner.data
      ? `${owner.data.name} | ${APP_TITLE}`
      : isUnknown
        ? `Owner not found | ${APP_TITLE}`
        : isRefused
          ? `Invalid owner | ${APP_TITLE}`
          : `${name} | ${APP_TITLE}`,
  );

  if (owner.isPending) return <LoadingMessage text="Loading the owner..." />;
  if (owner.isError) {
    if (isUnknown || isRefused)
      return <OwnerUnavailable name={name} reason={isUnknown ? "not-found" : "invalid"} />;
    return <ErrorMessage text={`Error loading the owner: ${owner.error.message}`} />;
  }
  const data = owner.data;
  return (
    <div className="space-y-6">
      <OwnerHeader owner={data} />
      {/* An owner no current home lists has no ratings or record of its own to show. */}
      {data.facilityCount > 0 && (
        <InspectionRecordSection
          record={data.inspections}
          group={["owner", ownerFilterValue(data)]}
          citationsQuery={null}
          testIdPrefix="owner"
        />
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <OwnerStates owner={data} />
        <OwnerHistory owner={data} />
      </div>
      <OwnerHomes owner={data} />
    </div>
  );
}

function InvalidOwner() {
  useDocumentTitle(`Invalid owner | ${APP_TITLE}`);
  return <OwnerUnavailable name="" reason="invalid" />;
}

export function OwnerPage() {
  const { type = "", name = "" } = useParams();
  const ownerType = OWNER_TYPES.find((value) => value === type);

  // An owner opened from a scrolled page starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new owner (not a new page of its homes) scrolls up
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [type, name]);

  return (
    <CenteredPage>
      {ownerType && name.trim() !== "" ? (
        <OwnerContent key={`${ownerType}:${name}`} type={ownerType} name={name} />
      ) : (
        <InvalidOwner />
      )}
      <CompareBar />
    </CenteredPage>
  );
}
