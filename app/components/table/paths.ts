/** A table's page. */
export const tablePath = (table: { id: number; spaceId: number }) => `/space/${table.spaceId}/table/${table.id}`;

/** The library's tables tab (where a deleted table's page goes back to). */
export const tableLibraryPath = (spaceId: number) => `/space/${spaceId}/library?type=Table`;

/** Query parameters that only open a dialog on the table page; a finished action drops them. */
export const DIALOG_PARAMS = ["row", "deleteRow", "confirm", "import", "edit"] as const;

/** 组件库 → 新建 → 数据表. */
export const newTablePath = (spaceId: number) => `/space/${spaceId}/library/table/new`;

/** The agent editor, where a table binding's settings page goes back to. */
export const agentEditorPath = (spaceId: number, agentId: number) => `/space/${spaceId}/agent/${agentId}`;
