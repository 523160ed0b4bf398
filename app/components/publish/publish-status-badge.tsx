import { type PublishStatus, publishStatusLabels, publishStatusTones } from "../../lib/labels";
import { Badge } from "../ui/badge";

/** A publish state in UI.md's colours; `label` overrides the wording (the auditor's 待审核/通过/拒绝). */
export function PublishStatusBadge({ status, label }: { status: PublishStatus; label?: string }) {
  return <Badge tone={publishStatusTones[status]}>{label ?? publishStatusLabels[status]}</Badge>;
}
