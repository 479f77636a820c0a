import { UnavailableNotice } from "../../../components/unavailable-notice.tsx";

/** An unknown owner (404) or a type or name the server refuses (400). */
export function OwnerUnavailable({ name, reason }: { name: string; reason: "not-found" | "invalid" }) {
  return reason === "invalid" ? (
    <UnavailableNotice title="Invalid owner" testId="owner-unavailable">
      This address cannot name an owner: an owner is an individual or an organization, with a name.
    </UnavailableNotice>
  ) : (
    <UnavailableNotice title="Owner not found" testId="owner-unavailable">
      No owner or manager named <span className="font-medium text-slate-900">“{name}”</span> is in CMS's
      ownership files loaded. The link may be mistyped.
    </UnavailableNotice>
  );
}
