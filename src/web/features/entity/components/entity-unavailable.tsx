import { UnavailableNotice } from "../../../components/unavailable-notice.tsx";

/** An unknown entity name (404) or one the server refuses (400). */
export function EntityUnavailable({ name, reason }: { name: string; reason: "not-found" | "invalid" }) {
  return reason === "invalid" ? (
    <UnavailableNotice title="Invalid entity name" testId="entity-unavailable">
      “{name}” cannot be the name of an affiliated entity.
    </UnavailableNotice>
  ) : (
    <UnavailableNotice title="Entity not found" testId="entity-unavailable">
      No affiliated entity named <span className="font-medium text-slate-900">“{name}”</span> is in the
      current CMS data. The name may have changed, or the link may be mistyped.
    </UnavailableNotice>
  );
}
