import { Search, X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { focusRing } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { cn } from "../../../lib/cn.ts";

/**
 * Search applied on Enter, not on each keystroke (SPEC section 2). The text being typed is local; when the
 * applied search changes elsewhere (a loaded view, Clear filters, a removed chip) the box shows it.
 */
export function SearchBox({ value, onSubmit }: { value: string; onSubmit: (search: string) => void }) {
  const [draft, setDraft] = useState(value);
  // Adjusting state while rendering (not in an effect) keeps the box and the address in step without a flash.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(value);
  }

  const isPending = draft.trim() !== value.trim();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(draft.trim());
  }

  return (
    <search className="relative min-w-80 flex-1">
      <form onSubmit={handleSubmit}>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label="Search facilities"
          aria-describedby="search-hint"
          placeholder="Search by facility or entity name"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className={cn("pl-9 [&::-webkit-search-cancel-button]:hidden", isPending ? "pr-24" : "pr-8")}
          enterKeyHint="search"
          maxLength={200}
        />
        <span id="search-hint" className="sr-only">
          Press Enter to apply the search.
        </span>
        {isPending && (
          // The text typed is not applied yet: say how to apply it.
          <kbd
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-8 -translate-y-1/2 rounded border border-slate-300 bg-slate-50 px-1.5 font-sans text-[11px] text-slate-500"
          >
            Enter ↵
          </kbd>
        )}
        {draft !== "" && (
          <button
            type="button"
            aria-label="Clear search text"
            onClick={() => {
              setDraft("");
              if (value !== "") onSubmit("");
            }}
            className={cn(
              "absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-0.5 text-slate-400 hover:text-slate-700",
              focusRing,
            )}
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </form>
    </search>
  );
}
