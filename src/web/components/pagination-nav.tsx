import { ChevronLeft, ChevronRight } from "lucide-react";
import { getPaginationItems } from "../../core/pagination.ts";
import { Button } from "./ui/button.tsx";

export function PaginationNav({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  if (totalPages < 1) return null;
  const items = getPaginationItems(page, totalPages);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button
            variant="ghost"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            className="pl-2.5"
          >
            <ChevronLeft aria-hidden />
            Previous
          </Button>
        </li>
        {items.map((item) =>
          item.type === "ellipsis" ? (
            <li
              key={`ellipsis-${item.key}`}
              className="flex size-9 items-center justify-center text-slate-500"
            >
              <span aria-hidden>…</span>
              <span className="sr-only">More pages</span>
            </li>
          ) : (
            <li key={item.page}>
              <Button
                variant={item.isCurrent ? "outline" : "ghost"}
                size="icon"
                aria-label={`Page ${item.page}`}
                aria-current={item.isCurrent ? "page" : undefined}
                onClick={() => !item.isCurrent && onPageChange(item.page)}
                className={item.isCurrent ? "w-auto min-w-9 px-2 font-semibold" : "w-auto min-w-9 px-2"}
              >
                {item.page}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            variant="ghost"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
            className="pr-2.5"
          >
            Next
            <ChevronRight aria-hidden />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
