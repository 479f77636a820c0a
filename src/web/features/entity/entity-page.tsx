// The affiliated-entity route, /entity/:name (name URL-encoded): the entity's counts and states, its average
// ratings, its inspection record of the last three years beside the nation's, its average staffing figures and
// quality measures beside the nation's, the distribution of its overall ratings, the trend of their average, and its
// facilities as the dashboard's cards, paged (?page=N). Loaded lazily, so its charts stay out of the dashboard's
// bundle.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useParams } from "react-router";
import { getTotalPages } from "../../../core/pagination.ts";
import { CenteredPage } from "../../components/centered-page.tsx";
import { CompareBar } from "../../components/compare-bar.tsx";
import { InspectionRecordSection } from "../../components/inspection-record-section.tsx";
import { ErrorMessage, LoadingMessage } from "../../components/status-message.tsx";
import { useCompareSelection } from "../../hooks/use-compare-selection.ts";
import { useDocumentTitle } from "../../hooks/use-document-title.ts";
import { useFavorites } from "../../hooks/use-favorites.ts";
import { usePageNumber } from "../../hooks/use-page-number.ts";
import { ApiError } from "../../lib/api-client.ts";
import { ENTITY_PAGE_SIZE, entityFacilitiesQueryOptions, entityQueryOptions } from "./api/entity-queries.ts";
import { EntityChartsSection } from "./components/entity-charts-section.tsx";
import { EntityFacilities } from "./components/entity-facilities.tsx";
import { EntityHeader } from "./components/entity-header.tsx";
import { EntityStaffingQualitySection } from "./components/entity-staffing-quality.tsx";
import { EntityUnavailable } from "./components/entity-unavailable.tsx";

const APP_TITLE = "CMS Star Ratings Dashboard";

function EntityContent({ name }: { name: string }) {
  const entity = useQuery(entityQueryOptions(name));
  const [page, setPage] = usePageNumber();
  const facilities = useQuery({ ...entityFacilitiesQueryOptions(name, page), enabled: entity.isSuccess });
  const { favoriteIds, toggleFavorite } = useFavorites();
  const compare = useCompareSelection();

  const isUnknown = entity.error instanceof ApiError && entity.error.status === 404;
  const isRefused = entity.error instanceof ApiError && entity.error.status === 400;
  useDocumentTitle(
    entity.data
      ? `${entity.data.name} | ${APP_TITLE}`
      : isUnknown
        ? `Entity not found | ${APP_TITLE}`
        : isRefused
          ? `Invalid entity name | ${APP_TITLE}`
          : `${name} | ${APP_TITLE}`,
  );

  // A page past the end (an old link) moves to the last page.
  const totalCount = facilities.isPlaceholderData ? undefined : facilities.data?.totalCount;
  useEffect(() => {
    if (totalCount === undefined) return;
    const lastPage = Math.max(1, getTotalPages(totalCount, ENTITY_PAGE_SIZE));
    if (page > lastPage) setPage(lastPage);
  }, [totalCount, page, setPage]);

  if (entity.isPending) return <LoadingMessage text="Loading affiliated entity..." />;
  if (entity.isError) {
    if (isUnknown || isRefused)
      return <EntityUnavailable name={name} reason={isUnknown ? "not-found" : "invalid"} />;
    return <ErrorMessage text={`Error loading the affiliated entity: ${entity.error.message}`} />;
  }
  return (
    <div className="space-y-6">
      <EntityHeader entity={entity.data} />
      <InspectionRecordSection
        record={entity.data.inspections}
        group={["entity", entity.data.name]}
        citationsQuery={new URLSearchParams({ entity: entity.data.name }).toString()}
        testIdPrefix="entity"
      />
      <EntityStaffingQualitySection name={entity.data.name} />
      <EntityChartsSection entity={entity.data} />
      <EntityFacilities
        result={facilities}
        page={page}
        favoriteIds={favoriteIds}
        compareIds={compare.ids}
        onPageChange={setPage}
        onToggleFavorite={toggleFavorite}
        onToggleCompare={compare.toggle}
      />
    </div>
  );
}

export function EntityPage() {
  const { name = "" } = useParams();

  // An entity opened from a scrolled page starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new entity (not a new page of it) scrolls up
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [name]);

  return (
    <CenteredPage>
      <EntityContent key={name} name={name} />
      <CompareBar />
    </CenteredPage>
  );
}
