// A page whose subject the server does not know (404) or refuses (400): said plainly, with a way home. The entity
// and owner pages give their own words.
import { ArrowLeft, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function UnavailableNotice({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      data-testid={testId}
    >
      <SearchX className="mx-auto mb-3 size-10 text-slate-400" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 break-words text-slate-600">{children}</p>
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
