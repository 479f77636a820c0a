import { useId } from "react";
import { PAGE_SIZE_OPTIONS } from "../../../../core/constants.ts";
import { parsePageSize } from "../../../../core/url-state.ts";
import { NativeSelect } from "../../../components/ui/native-select.tsx";

export function PageSizeSelect({ value, onChange }: { value: number; onChange: (size: number) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-600">
        Per page
      </label>
      <NativeSelect
        id={id}
        value={String(value)}
        onChange={(event) => onChange(parsePageSize(event.target.value))}
        className="w-24 [&_select]:h-8"
      >
        {PAGE_SIZE_OPTIONS.map((option) => (
          <option key={option} value={String(option)}>
            {option}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
