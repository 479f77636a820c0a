import { ArrowLeft, SearchX } from "lucide-react";
import { Link } from "react-router";

/** An unknown owner (404) or a type or name the server refuses (400): said plainly, with a way home. */
export function OwnerUnavailable({ name, reason }: { name: string; reason: "not-found" | "invalid" }) {
  const isInvalid = reason === "invalid";
  return (
    <section
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      data-testid="owner-unavailable"
    >
      <SearchX className="mx-auto mb-3 size-10 text-slate-400" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">
        {isInvalid ? "Invalid owner" : "Owner not found"}
      </h1>
      <p className="mt-2 break-words text-slate-600">
        {isInvalid ? (
          <>This address cannot name an owner: an owner is an individual or an organization, with a name.</>
        ) : (
          <>
            No owner or manager named <span className="font-medium text-slate-900">“{name}”</span> is in CMS's
            ownership files loaded. The link may be mistyped.
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
