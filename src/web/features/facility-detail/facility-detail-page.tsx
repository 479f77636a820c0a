// The facility detail route, /facility/:ccn (SPEC section 2): ratings, deficiencies, staffing, capacity, the
// owners and managers, the inspection record (citations and penalties), and the rating history and seasonality charts. Loaded lazily, so the charts stay out of the dashboard's bundle.
import { useQuery } from "@tanstack/react-query";
import { ClipboardList, type LucideIcon, Star, Users, Warehouse } from "lucide-react";
import { useEffect } from "react";
import { useLocation, useParams } from "react-router";
import { CCN_PATTERN } from "../../../core/constants.ts";
import { formatShortDate } from "../../../core/history.ts";
import { CenteredPage } from "../../components/centered-page.tsx";
import { CompareBar } from "../../components/compare-bar.tsx";
import { ErrorMessage, LoadingMessage } from "../../components/status-message.tsx";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { ApiError } from "../../lib/api-client.ts";
import {
  benchmarksQueryOptions,
  facilityQueryOptions,
  inspectionsQueryOptions,
} from "../../lib/facility-detail-queries.ts";
import { BenchmarksLegend } from "./components/benchmarks-legend.tsx";
import { DetailSectionCard } from "./components/detail-section.tsx";
import { FacilityHeader } from "./components/facility-header.tsx";
import { FacilityUnavailable } from "./components/facility-unavailable.tsx";
import { InspectionsSection } from "./components/inspections-section.tsx";
import { LocationSection } from "./components/location-section.tsx";
import { OwnershipSection } from "./components/ownership-section.tsx";
import { PenaltiesSection } from "./components/penalties-section.tsx";
import { QualityMeasuresSection } from "./components/quality-measures-section.tsx";
import { RatingChangesSection } from "./components/rating-changes-section.tsx";
import { RatingHistorySection } from "./components/rating-history-section.tsx";
import { StaffingSection } from "./components/staffing-section.tsx";
import { type DetailSectionId, getDetailSections } from "./lib/facility-lines.ts";
import { abuseNotice } from "./lib/inspections.ts";

const APP_TITLE = "CMS Star Ratings Dashboard";

const SECTION_ICONS: Record<DetailSectionId, LucideIcon> = {
  quality: Star,
  deficiencies: ClipboardList,
  staffing: Users,
  capacity: Warehouse,
};

function FacilityDetailContent({ ccn, dashboardSearch }: { ccn: string; dashboardSearch: string }) {
  const facility = useQuery(facilityQueryOptions(ccn));
  // The averages depend on the facility's state, so they are asked for once the facility is known.
  const state = facility.data?.state ?? null;
  const benchmarks = useQuery({ ...benchmarksQueryOptions(state), enabled: facility.isSuccess });
  // The header flags abuse from the same answer the Inspections section shows (one request).
  const inspections = useQuery({ ...inspectionsQueryOptions(ccn), enabled: facility.isSuccess });
  useDocumentTitle(
    facility.data ? `${facility.data.providerName} | ${APP_TITLE}` : `Facility ${ccn} | ${APP_TITLE}`,
  );

  if (facility.isPending) return <LoadingMessage text="Loading facility details..." />;
  if (facility.isError) {
    const { error } = facility;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <FacilityUnavailable
          ccn={ccn}
          reason={error.status === 404 ? "not-found" : "invalid"}
          dashboardSearch={dashboardSearch}
        />
      );
    }
    return <ErrorMessage text={`Error loading facility details: ${error.message}`} />;
  }

  const detail = facility.data;
  return (
    <div className="space-y-6">
      <FacilityHeader
        facility={detail}
        benchmarks={benchmarks.data}
        abuse={abuseNotice(inspections.data?.threeYears ?? null)}
      />
      <div className="grid gap-6 md:grid-cols-2">
        {getDetailSections(detail).map((section) => (
          <DetailSectionCard
            key={section.id}
            section={section}
            icon={SECTION_ICONS[section.id]}
            benchmarks={benchmarks.data}
            state={state}
          />
        ))}
        <LocationSection facility={detail} />
      </div>
      <div className="space-y-1 text-sm text-slate-500">
        <p>
          Data as of <time dateTime={detail.processingDate}>{formatShortDate(detail.processingDate)}</time>{" "}
          (CMS Provider Information release).
        </p>
        <BenchmarksLegend result={benchmarks} state={state} />
      </div>
      {/* Who runs the home. */}
      <OwnershipSection
        key={`ownership-${detail.ccn}`}
        ccn={ccn}
        ownershipChanged={detail.ownershipChanged ?? null}
      />
      {/* What is behind the staffing and quality stars, then the record behind the health inspection star. */}
      <StaffingSection key={`staffing-${detail.ccn}`} ccn={ccn} state={state} />
      <QualityMeasuresSection key={`quality-${detail.ccn}`} ccn={ccn} state={state} />
      <InspectionsSection key={`inspections-${detail.ccn}`} ccn={ccn} />
      <PenaltiesSection key={`penalties-${detail.ccn}`} ccn={ccn} />
      <RatingChangesSection key={`changes-${detail.ccn}`} ccn={ccn} />
      <RatingHistorySection key={detail.ccn} ccn={ccn} />
    </div>
  );
}

export function FacilityDetailPage() {
  const { ccn = "" } = useParams();
  const location = useLocation();
  const isWellFormed = CCN_PATTERN.test(ccn);

  // A facility opened from a scrolled dashboard starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <CenteredPage carriesSearch>
      {isWellFormed ? (
        <FacilityDetailContent key={ccn} ccn={ccn} dashboardSearch={location.search} />
      ) : (
        <InvalidCcn ccn={ccn} dashboardSearch={location.search} />
      )}
      <CompareBar />
    </CenteredPage>
  );
}

function InvalidCcn({ ccn, dashboardSearch }: { ccn: string; dashboardSearch: string }) {
  useDocumentTitle(`Invalid facility number | ${APP_TITLE}`);
  return <FacilityUnavailable ccn={ccn} reason="invalid" dashboardSearch={dashboardSearch} />;
}
