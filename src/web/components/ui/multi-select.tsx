// A multi-select with a filter box: a button opens a popover holding a combobox input and a listbox of options
// (WAI-ARIA combobox pattern). Options filter by case-insensitive substring as the visitor types.
import { Check, ChevronDown } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { cn } from "../../lib/cn.ts";
import { filterOptions } from "../../lib/filter-options.ts";
import { Button } from "./button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "./popover.tsx";

export interface MultiSelectProps {
  /** Visible name of the control, e.g. "States". */
  label: string;
  options: readonly string[];
  selected: readonly string[];
  onSelectedChange: (selected: string[]) => void;
  /** Placeholder of the filter box. */
  filterPlaceholder?: string;
  emptyText?: string;
  className?: string;
  contentClassName?: string;
  /** Open when first mounted (e.g. the visitor already asked for it while its code loaded). */
  defaultOpen?: boolean;
}

export function MultiSelect({
  label,
  options,
  selected,
  onSelectedChange,
  filterPlaceholder,
  emptyText = "No matches",
  className,
  contentClassName,
  defaultOpen = false,
}: MultiSelectProps) {
  const [isOpen, setIsOpen] = useState(defaultOpen);
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" className={cn("justify-between", className)}>
          <span className="truncate">{label}</span>
          {selected.length > 0 && (
            <span className="rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white">
              {selected.length}
            </span>
          )}
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className={cn("w-80 p-0", contentClassName)}>
        <MultiSelectList
          label={label}
          options={options}
          selected={selected}
          onSelectedChange={onSelectedChange}
          filterPlaceholder={filterPlaceholder ?? `Filter ${label.toLowerCase()}...`}
          emptyText={emptyText}
        />
      </PopoverContent>
    </Popover>
  );
}

// Mounted only while open, so the filter text starts empty each time.
function MultiSelectList({
  label,
  options,
  selected,
  onSelectedChange,
  filterPlaceholder,
  emptyText,
}: Omit<MultiSelectProps, "className" | "contentClassName" | "defaultOpen"> & {
  filterPlaceholder: string;
  emptyText: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState("");
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const visible = useMemo(() => filterOptions(options, query), [options, query]);
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const active = Math.min(activeIndex, Math.max(visible.length - 1, 0));
  const optionId = (index: number) => `${id}-option-${index}`;

  function toggle(option: string) {
    onSelectedChange(
      selectedSet.has(option) ? selected.filter((value) => value !== option) : [...selected, option],
    );
  }

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(index, visible.length - 1));
    setActiveIndex(next);
    listRef.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView({ block: "nearest" });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const pageStep = 8;
    switch (event.key) {
      case "ArrowDown":
        moveTo(active + 1);
        break;
      case "ArrowUp":
        moveTo(active - 1);
        break;
      case "PageDown":
        moveTo(active + pageStep);
        break;
      case "PageUp":
        moveTo(active - pageStep);
        break;
      case "Enter": {
        const option = visible[active];
        if (option !== undefined) toggle(option);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div className="flex flex-col">
      <div className="border-b border-slate-200 p-2">
        <input
          type="text"
          role="combobox"
          aria-label={`Filter ${label.toLowerCase()}`}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={visible.length > 0 ? optionId(active) : undefined}
          placeholder={filterPlaceholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={handleKeyDown}
          className={cn(
            "h-8 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm outline-none",
            "placeholder:text-slate-400 focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/30",
          )}
        />
      </div>
      {visible.length === 0 ? (
        <p className="px-3 py-6 text-center text-sm text-slate-500">{emptyText}</p>
      ) : (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          aria-multiselectable="true"
          className="max-h-72 overflow-y-auto p-1"
        >
          {visible.map((option, index) => {
            const isSelected = selectedSet.has(option);
            return (
              // Keyboard handling lives on the combobox input (aria-activedescendant).
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard
              <div
                key={option}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={isSelected}
                onClick={() => toggle(option)}
                // Keep focus in the filter box, where typing and arrow keys work.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== active && setActiveIndex(index)}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none",
                  index === active && "bg-slate-100",
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    "flex size-4 shrink-0 items-center justify-center rounded border",
                    isSelected ? "border-blue-600 bg-blue-600 text-white" : "border-slate-300 bg-white",
                  )}
                >
                  {isSelected && <Check className="size-3" strokeWidth={3} />}
                </span>
                <span className="truncate">{option}</span>
              </div>
            );
          })}
        </div>
      )}
      <div className="flex items-center justify-between border-t border-slate-200 px-3 py-2 text-xs text-slate-600">
        <span aria-live="polite">
          {selected.length} selected · {visible.length} shown
        </span>
        {selected.length > 0 && (
          <Button variant="ghost" size="sm" className="h-7" onClick={() => onSelectedChange([])}>
            Clear selection
          </Button>
        )}
      </div>
    </div>
  );
}
