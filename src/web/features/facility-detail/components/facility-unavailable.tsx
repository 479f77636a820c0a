import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";

/** An unknown CCN (404) or a malformed one (400): said plainly, with a way back to the dashboard. */
export function FacilityUnavailable({
  ccn,
  reason,
  dashboardSearch,
}: {
  ccn: string;
  reason: "not-found" | "invalid";
  dashboardSearch: string;
}) {
  const isInvalid = reason === "invalid";
  return (
    <section
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      data-testid="facility-unavailable"
    >
      <SearchX className="mx-auto mb-3 size-10 text-slate-400" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">
        {isInvalid ? "Invalid facility number" : "Facility not found"}
      </h1>
      <p className="mt-2 text-slate-600">
        {isInvalid ? (
          <>“{ccn}” is not a CMS Certification Number (CCN): a CCN has 6 letters or digits, such as 015009.</>
        ) : (
          <>
            No facility with CCN <span className="font-medium text-slate-900">{ccn}</span> is in the current
            CMS data. It may have closed, changed its certification number, or the link may be mistyped.
          </>
        )}
      </p>
      <Link
        to={`/${dashboardSearch}`}
        className="mt-5 inline-flex items-center gap-1.5 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to the dashboard
      </Link>
    </section>
  );
}
