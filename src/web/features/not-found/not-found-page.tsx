// Any path the router does not know (SPEC section 2): '404', 'Oops! Page not found', 'Return to Home'.
import { Compass } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";

const TITLE = "Page not found | CMS Star Ratings Dashboard";

export function NotFoundPage() {
  const { pathname } = useLocation();

  useEffect(() => {
    // The spec logs every unknown route as a 404.
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  useEffect(() => {
    const previous = document.title;
    document.title = TITLE;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-6">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
        <Compass className="mx-auto mb-4 size-10 text-slate-400" aria-hidden />
        <h1 className="text-5xl font-bold tracking-tight text-slate-900">404</h1>
        <p className="mt-3 text-lg text-slate-600">Oops! Page not found</p>
        <p className="mt-1 break-all text-sm text-slate-500" data-testid="not-found-path">
          {pathname}
        </p>
        <Link
          to="/"
          className="mt-6 inline-flex items-center rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Return to Home
        </Link>
      </div>
    </main>
  );
}
