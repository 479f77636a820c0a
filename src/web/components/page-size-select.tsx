// The "Per page" choice of a paged list: the dashboard's facilities and the citations page.
import { useId } from "react";
import { NativeSelect } from "./ui/native-select.tsx";

export function PageSizeSelect({
  value,
  onChange,
  sizes,
  parse,
}: {
  value: number;
  onChange: (size: number) => void;
  /** The sizes offered, smallest first. */
  sizes: readonly number[];
  /** The size a chosen option stands for (the page's own reading of a size, lenient as its address). */
  parse: (text: string) => number;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-600">
        Per page
      </label>
      <NativeSelect
        id={id}
        value={String(value)}
        onChange={(event) => onChange(parse(event.target.value))}
        className="w-24 [&_select]:h-8"
      >
        {sizes.map((size) => (
          <option key={size} value={String(size)}>
            {size}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
