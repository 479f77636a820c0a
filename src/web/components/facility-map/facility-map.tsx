import type { FacilityMapProps } from "./index.ts";

/** Placeholder until the map is built. */
export default function FacilityMap({ onShowList }: FacilityMapProps) {
  return (
    <div>
      <button type="button" onClick={onShowList}>
        List
      </button>
    </div>
  );
}
