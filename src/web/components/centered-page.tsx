// The frame of the pages opened from the dashboard (a facility, the comparison, an affiliated entity): one centred
// column of one width, with the back button above the content, so that moving between them does not shift the page.
// Content wider than the column (the comparison table) scrolls inside its own frame.
import type { ReactNode } from "react";
import { BackButton } from "./back-button.tsx";

export function CenteredPage({
  carriesSearch = false,
  children,
}: {
  /** The back button carries this page's query string to the dashboard (see BackButton). */
  carriesSearch?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <main className="mx-auto max-w-6xl space-y-4 px-6 py-6">
        <nav aria-label="Breadcrumb">
          <BackButton carriesSearch={carriesSearch} />
        </nav>
        {children}
      </main>
    </div>
  );
}
