import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";

/** An unknown entity name (404) or one the server refuses (400): said plainly, with a way home. */
export function EntityUnavailable({ name, reason }: { name: string; reason: "not-found" | "invalid" }) {
  const isInvalid = reason === "invalid";
  return (
    <section
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      data-testid="entity-unavailable"
    >
      <SearchX className="mx-auto mb-3 size-10 text-slate-400" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">
        {isInvalid ? "Invalid entity name" : "Entity not found"}
      </h1>
      <p className="mt-2 break-words text-slate-600">
        {isInvalid ? (
          <>“{name}” cannot be the name of an affiliated entity.</>
        ) : (
          <>
            No affiliated entity named <span className="font-medium text-slate-900">“{name}”</span> is in the
            current CMS data. The name may have changed, or the link may be mistyped.
          </>
        )}
      </p>
      <Link
        to="/"
        className="mt-5 inline-flex items-center gap-1.5 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to the dashboard
      </Link>
    </section>
  );
}
