import { useCallback, useState } from "react";
import { readPageSize, writePageSize } from "../../../lib/page-size.ts";

/** The page size, remembered on the device under 'pageSize'. */
export function usePageSize() {
  const [pageSize, setPageSizeState] = useState(readPageSize);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    writePageSize(size);
  }, []);
  return [pageSize, setPageSize] as const;
}
