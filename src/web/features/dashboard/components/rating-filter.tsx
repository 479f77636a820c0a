import { ChevronDown, Star } from "lucide-react";
import { RATING_MIN_CHOICES } from "../../../../core/constants.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import type { ControlActivation } from "../controls-loader.ts";

/** Minimum rating 3+, 4+ or 5+; choosing the selected one again clears it (SPEC section 2). */
export function RatingFilter({
  value,
  onChange,
  activation = null,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  /** Set when the visitor activated the placeholder before this loaded: the menu opens at once. */
  activation?: ControlActivation | null;
}) {
  return (
    <DropdownMenu defaultOpen={activation !== null}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Star aria-hidden className={value == null ? "text-slate-400" : "fill-amber-400 text-amber-500"} />
          Minimum rating
          {value != null && (
            <span className="rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white">
              {value}+
            </span>
          )}
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-52" focusFirstItemOnMount={activation === "keyboard"}>
        <DropdownMenuLabel>Overall rating at least</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={value == null ? "" : String(value)}>
          {RATING_MIN_CHOICES.map((choice) => (
            <DropdownMenuRadioItem
              key={choice}
              value={String(choice)}
              onSelect={() => onChange(value === choice ? null : choice)}
            >
              {choice}+ stars
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <p className="px-2 pt-1 pb-1.5 text-xs text-slate-500">Choose the selected one again to clear it.</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
