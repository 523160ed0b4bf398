import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, readQuery, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import {
  addRowInput,
  addTableInput,
  deleteRowInput,
  detailQuery,
  tableDataQuery,
  tableIdQuery,
  tableListInput,
  updateRowInput,
  updateTableDefinitionInput,
  updateTableNameInput,
} from "./contract";
import * as data from "./data-service";
import * as service from "./service";

/** /api/compose/db/table/*: data tables of a space (reference original-frontend.md §1.15). */
export function tableRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/add", async (c) => ok(c, await service.addTable(deps, requireActor(c), await readBody(c, addTableInput))))
    .post("/list", async (c) =>
      ok(c, await service.listTables(deps, requireActor(c), await readBody(c, tableListInput))),
    )
    .get("/detailById", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.tableDetails(deps, actor, readQuery(c, detailQuery).id));
    })
    .post("/updateTableName", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.updateTableName(deps, actor, await readBody(c, updateTableNameInput)));
    })
    .post("/updateTableDefinition", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.updateDefinition(deps, actor, await readBody(c, updateTableDefinitionInput)));
    })
    .post("/delete/:id", async (c) => {
      const actor = requireActor(c);
      await service.deleteTable(deps, actor, idParam(c, "id"));
      return ok(c, null);
    })
    .post("/copyTableDefinition", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.copyTable(deps, actor, readQuery(c, tableIdQuery).tableId));
    })
    .get("/existTableData", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.existData(deps, actor, readQuery(c, tableIdQuery).tableId));
    })
    .get("/getTableDataById", async (c) => {
      const actor = requireActor(c);
      return ok(c, await data.tableData(deps, actor, readQuery(c, tableDataQuery)));
    })
    .post("/addBusinessData", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, addRowInput);
      await data.addRow(deps, actor, input.tableId, input.rowData);
      return ok(c, null);
    })
    .post("/updateBusinessData", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, updateRowInput);
      await data.updateRow(deps, actor, input.tableId, input.rowId, input.rowData);
      return ok(c, null);
    })
    .post("/deleteBusinessData", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, deleteRowInput);
      await data.deleteRow(deps, actor, input.tableId, input.rowId);
      return ok(c, null);
    })
    .get("/clearBusinessData/:tableId", async (c) => {
      const actor = requireActor(c);
      await data.clearRows(deps, actor, idParam(c, "tableId"));
      return ok(c, null);
    })
    .post("/importExcel/:tableId", async (c) => {
      const actor = requireActor(c);
      const tableId = idParam(c, "tableId");
      // The table and the caller's rights are checked before the body is read.
      await service.accessTable(deps, actor, tableId, "Edit");
      const form = await c.req.raw.formData().catch(() => null);
      const file = form?.get("file");
      return ok(c, await data.importExcel(deps, actor, tableId, file instanceof File ? file : null));
    })
    .get("/exportExcel/:tableId", async (c) => {
      const actor = requireActor(c);
      return data.exportExcel(deps, actor, idParam(c, "tableId"));
    });
}
