import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, type User } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { addNode, detail, newWorkflow, testRun, trail, updateNode, wire } from "../support/workflows";
import { physicalRows, tableWith } from "./table-support";

/** Table nodes in a test run from the editor: the run gets the space's tables as the user who runs it. */

let s: TestServer;
let u: User;
let spaceId: number;
beforeAll(async () => {
  s = await startServer();
  u = await s.newUser();
  spaceId = await personalSpace(s, u.token);
});
afterAll(() => s.close());

describe("table nodes in a test run", () => {
  it("adds a row to the workflow space's table, written as the running user", async () => {
    const tableId = await tableWith(s, u.token, spaceId, [{ fieldName: "name", fieldType: 1 }], "名单");
    const id = await newWorkflow(s, u.token, spaceId);
    const { startNode, endNode } = await detail(s, u.token, id);
    const add = await addNode(s, u.token, id, "TableDataAdd");
    const inputArgs = [{ name: "name", dataType: "String", bindValueType: "Input", bindValue: "甲" }];
    ok(
      await updateNode(s, u.token, "tableDataAdd", {
        nodeId: add.id,
        nodeConfig: { ...add.nodeConfig, tableId, inputArgs },
      }),
    );
    ok(await wire(s, u.token, startNode.id, [add.id]));
    ok(await wire(s, u.token, add.id, [endNode.id]));

    const { events: frames } = await testRun(s, u.token, { workflowId: id, requestId: "tables-1", params: {} });
    const last = frames.at(-1)!;
    expect(last, JSON.stringify(last)).toMatchObject({ complete: true, success: true });
    expect(trail(frames)).toContain(`${add.id}:FINISHED`);
    const stored = await physicalRows(s, tableId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "甲", uid: String(u.id) });
  });
});
