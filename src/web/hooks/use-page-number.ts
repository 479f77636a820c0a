// The page of a paged list of facilities (the entity's, the owner's homes) lives in the address (?page=N), so a page
// can be linked to; read leniently (a bad value is page 1) and written with replace semantics, as the dashboard does.
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { parsePageParam } from "../../core/url-state.ts";

export function usePageNumber() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get("page"));
  const setPage = useCallback(
    (next: number) => {
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next > 1) params.set("page", String(next));
          else params.delete("page");
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );
  return [page, setPage] as const;
}
