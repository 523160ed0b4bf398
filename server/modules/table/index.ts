/** What other modules may use of data tables: the HTTP routes, the library rows and the binding resolver. */

export { listSpaceTableItems, resolveTable } from "./library";
export { tableRoutes } from "./routes";
export { describeTable, sqlTableBrief } from "./service";
export { authorColumns, boundTable, executeTableSql, insertTableRow, type TableCaller } from "./sql-service";
export { tableWorkflowService } from "./workflow-service";
