import type { Deps } from "#server/core";
import { fail } from "#server/core";
import { resolveWorkflow } from "../workflow";

/**
 * The custom parsing workflow a knowledge base names (workflowId of the reference), as its info shows it. With
 * `required`, a workflow the space cannot use is refused; otherwise a vanished one reads as null.
 */
export async function findWorkflowSummary(
  deps: Deps,
  tenantId: number,
  spaceId: number,
  id: number,
  required: boolean,
) {
  const target = await resolveWorkflow(deps, tenantId, spaceId, id);
  if (!target && required) throw fail("工作流不存在或不可用");
  return target;
}
