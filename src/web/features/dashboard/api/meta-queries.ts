// Where the data comes from and how current it is (GET /api/meta).
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client.ts";

export const metaKeys = {
  all: ["meta"] as const,
};

export function metaQueryOptions() {
  return queryOptions({
    queryKey: metaKeys.all,
    queryFn: ({ signal }) => apiClient.meta(signal),
    staleTime: 10 * 60_000,
    retry: 1,
  });
}
