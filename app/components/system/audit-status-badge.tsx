import { auditStatusLabels, type PublishStatus, publishStatusTones } from "#app/lib/labels";
import { Badge } from "../ui/badge";

/** An application's state as the auditor reads it (待审核 / 通过 / 拒绝), in the publish colours. */
export function AuditStatusBadge({ status }: { status: Exclude<PublishStatus, "Developing"> }) {
  return <Badge tone={publishStatusTones[status]}>{auditStatusLabels[status]}</Badge>;
}
