import type { Deps } from "../../core";
import type { TableNodeService } from "../../runtime/workflow/nodes/TableCommon";
import { executeTableSql, type TableCaller } from "./sql-service";

/**
 * `services.table` of a workflow run: the five table nodes' statements run for the run's user in the run's
 * space (tables of other spaces do not exist for it), through the same guard as the agent's SQL tool. The
 * run's user is written into the system columns of new rows.
 */
export function tableWorkflowService(deps: Deps, caller: TableCaller): TableNodeService {
  return {
    async execute(tableId, sql, args) {
      try {
        return await executeTableSql(deps, caller, { tableId, sql, args });
      } catch (err) {
        // The engine reports a node's failure by its Error message.
        throw new Error((err as Error).message);
      }
    },
  };
}
