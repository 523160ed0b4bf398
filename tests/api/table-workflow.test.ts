import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableWorkflowService } from "../../server/modules/table";
import { startWorkflow } from "../../server/runtime/workflow";
import type { TableServices } from "../../server/runtime/workflow/nodes/TableCommon";
import { drain, graphOf, lit, param, ref, wfNode } from "../../server/runtime/workflow/testing";
import { ok, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { addRow, physicalRows, tableWith } from "./table-support";

let s: TestServer;
let t: Team;
let tableId: number;
let foreignId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  tableId = await tableWith(
    s,
    t.member.token,
    t.spaceId,
    [
      { fieldName: "name", fieldType: 1 },
      { fieldName: "score", fieldType: 2 },
    ],
    "成绩",
  );
  const personal = ok<{ id: number; type: string }[]>(await s.call("/api/space/list", { token: t.member.token })).find(
    (x) => x.type === "Personal",
  )!.id;
  foreignId = await tableWith(s, t.member.token, personal, [{ fieldName: "x", fieldType: 1 }], "别处");
  ok(await addRow(s, t.member.token, foreignId, { x: "elsewhere" }));
});
afterAll(() => s.close());

const services = (): TableServices => ({
  table: tableWorkflowService(s.deps, {
    tenantId: 1,
    spaceId: t.spaceId,
    userId: t.member.id,
    userName: t.member.userName,
    nickName: null,
  }),
});

const cond = (field: string, compareType: string, value?: unknown) => ({
  firstArg: { name: field, dataType: "String" },
  compareType,
  secondArg: value === undefined ? undefined : lit("v", value),
});

describe("table nodes in a workflow", () => {
  it("adds, queries, updates, runs SQL and deletes, each answering {outputList, id, rowNum, success}", async () => {
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("who"), param("points", "Integer")] }, [3]),
      wfNode(
        3,
        "TableDataAdd",
        { tableId, inputArgs: [ref("name", "1.who"), ref("score", "1.points", "Integer")] },
        [4],
      ),
      wfNode(4, "TableDataAdd", { tableId, inputArgs: [lit("name", "乙"), lit("score", 50, "Integer")] }, [5]),
      wfNode(
        5,
        "TableDataQuery",
        { tableId, conditionArgs: [cond("score", "GREATER_THAN_OR_EQUAL", 60)], limit: 10 },
        [6],
      ),
      wfNode(
        6,
        "TableDataUpdate",
        { tableId, inputArgs: [lit("score", 70, "Integer")], conditionArgs: [cond("name", "EQUAL", "乙")] },
        [7],
      ),
      wfNode(
        7,
        "TableSQL",
        {
          tableId,
          sql: "select name, score from 成绩 where score > {{min}} order by score",
          inputArgs: [lit("min", 65, "Integer")],
        },
        [8],
      ),
      wfNode(8, "TableDataDelete", { tableId, conditionArgs: [cond("name", "IN", "甲,乙")] }, [2]),
      wfNode(2, "End", {
        outputArgs: [
          ref("newId", "3.id"),
          ref("found", "5.outputList"),
          ref("updated", "6.rowNum"),
          ref("sql", "7.outputList"),
          ref("deleted", "8.rowNum"),
          ref("ok", "8.success"),
        ],
      }),
    ]);
    const { outcome } = await drain(startWorkflow(graph, { params: { who: "甲", points: 90 }, services: services() }));
    expect(outcome, outcome.message).toMatchObject({ status: "FINISHED", success: true });
    expect(outcome.output).toMatchObject({
      newId: expect.any(Number),
      found: [{ name: "甲", score: 90, uid: String(t.member.id) }],
      updated: 1,
      sql: [
        { name: "乙", score: 70 },
        { name: "甲", score: 90 },
      ],
      deleted: 2,
      ok: true,
    });
    expect(await physicalRows(s, tableId)).toEqual([]);
  });

  it("fails the node with the reason when the SQL is refused or the table belongs to another space", async () => {
    for (const [id, sql, reason] of [
      [tableId, "drop table 成绩", "只支持"],
      [tableId, "select * from t; delete from t", "只能执行一条"],
      [foreignId, "select * from t", "数据表不存在"],
    ] as const) {
      const graph = graphOf([
        wfNode(1, "Start", {}, [3]),
        wfNode(3, "TableSQL", { tableId: id, sql }, [2]),
        wfNode(2, "End", { outputArgs: [ref("rows", "3.outputList")] }),
      ]);
      const { outcome } = await drain(startWorkflow(graph, { services: services() }));
      expect(outcome.success, sql).toBe(false);
      expect(outcome.nodeExecuteResultMap[3]?.error ?? outcome.message, sql).toContain(reason);
    }
    expect(await physicalRows(s, foreignId)).toHaveLength(1);
  });
});
