import { type PublishStatus, publishStatusLabels, publishStatusTones } from "#app/lib/labels";
import { Badge } from "../ui/badge";

export function PublishStatusBadge({ status }: { status: PublishStatus }) {
  return <Badge tone={publishStatusTones[status]}>{publishStatusLabels[status]}</Badge>;
}
