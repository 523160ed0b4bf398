import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, refused, type User } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { addNode, detail, newWorkflow, ref, testRun } from "../support/workflows";

/** `POST /api/workflow/save` as an API client sends it: the graph alone, with a Bearer token. */

let s: TestServer;
let u: User;
let spaceId: number;
beforeAll(async () => {
  s = await startServer();
  u = await s.newUser();
  spaceId = await personalSpace(s, u.token);
});
afterAll(() => s.close());

type Node = { id: number; name: string; type: string; nodeConfig: Record<string, unknown>; [k: string]: unknown };

/** The save body of `chain` (Start … End) wired in order, with the node fields the detail view answered. */
function chainBody(id: number, editVersion: number, chain: Node[]) {
  const nodes = chain.map((n, i) => ({
    id: n.id,
    name: n.name,
    type: n.type,
    nodeConfig: {
      ...n.nodeConfig,
      extension: { x: i * 280, y: 0 },
      ...(n.type === "TextProcessing" ? { text: `第 ${i} 步` } : {}),
    },
    nextNodeIds: i < chain.length - 1 ? [chain[i + 1]!.id] : [],
  }));
  return { workflowConfig: { id, editVersion, startNode: nodes[0], endNode: nodes.at(-1), nodes: nodes.slice(1, -1) } };
}

const save = (body: unknown) => s.call("/api/workflow/save", { token: u.token, body });

describe("saving the whole graph with a Bearer token", () => {
  it("saves a chain of node/add results with no workflow fields in the body", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const added: Node[] = [];
    for (let i = 0; i < 4; i++) added.push(await addNode(s, u.token, id, "TextProcessing"));
    const d = await detail(s, u.token, id);
    const version = ok<number>(await save(chainBody(id, d.editVersion, [d.startNode, ...added, d.endNode])));
    expect(version).toBe(d.editVersion + 1);
    const after = await detail(s, u.token, id);
    expect(after).toMatchObject({ name: "旅行助手", editVersion: version });
    expect(after.startNode.nextNodeIds).toEqual([added[0]!.id]);
    expect(after.nodes.find((n: Node) => n.id === added[3]!.id).nextNodeIds).toEqual([d.endNode.id]);
  });

  it("refuses malformed loops with a 4000 and leaves the stored graph readable", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const a = await addNode(s, u.token, id, "Loop");
    const b = await addNode(s, u.token, id, "Loop");
    const d = await detail(s, u.token, id);
    const flat = (loop: Node) => {
      const { innerNodes, ...rest } = loop as Node & { innerNodes: Node[] };
      return [rest, ...innerNodes];
    };
    const base = [d.startNode, ...flat(a), ...flat(b), d.endNode] as Node[];
    const body = (edit: (n: Node) => Node | null) => ({
      workflowConfig: { id, editVersion: d.editVersion, nodes: base.map(edit).filter(Boolean) },
    });
    const cases: [string, (n: Node) => Node | null, string][] = [
      ["a Loop inside itself", (n) => (n.id === a.id ? { ...n, loopNodeId: a.id } : n), "loopNodeId"],
      [
        "two Loops inside each other",
        (n) => (n.id === a.id ? { ...n, loopNodeId: b.id } : n.id === b.id ? { ...n, loopNodeId: a.id } : n),
        "loopNodeId",
      ],
      ["Start moved into a Loop", (n) => (n.type === "Start" ? { ...n, loopNodeId: a.id } : n), "loopNodeId"],
      [
        "a LoopStart moved to another Loop",
        (n) => (n.id === a.innerStartNodeId ? { ...n, loopNodeId: b.id } : n),
        "loopNodeId",
      ],
      ["a Loop without its LoopEnd", (n) => (n.id === a.innerEndNodeId ? null : n), "innerNodes"],
    ];
    for (const [what, edit, field] of cases) {
      const res = await save(body(edit));
      expect(res.code, what).toBe("4000");
      expect(res.message, what).toMatch(/[\u4e00-\u9fa5]/);
      expect(
        Object.keys(res.data.fieldErrors).some((k) => k.endsWith(field)),
        `${what}: ${res.message}`,
      ).toBe(true);
    }
    refused(
      await save({ workflowConfig: { id, nodes: [{ id: a.id, type: "Loop", name: "x", nodeConfig: null }] } }),
      "4000",
    );
    const after = await detail(s, u.token, id);
    expect(after.editVersion).toBe(d.editVersion);
    expect(after.nodes.find((n: Node) => n.id === a.id).innerNodes).toHaveLength(2);
  });
});

describe("undo and redo across autosaves", () => {
  it("a node an earlier save removed comes back under its id, a Loop with its body; other ids stay refused", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const text = await addNode(s, u.token, id, "TextProcessing");
    const loop = await addNode(s, u.token, id, "Loop");
    const full = await detail(s, u.token, id);
    const ids = (d: { nodes: Node[] }) => d.nodes.map((n) => n.id);
    // The editor's undo of both adds, autosaved: the server drops them.
    const without = full.nodes.filter((n: Node) => n.id !== text.id && n.id !== loop.id);
    const undone = ok<number>(await save({ workflowConfig: { ...full, nodes: without } }));
    expect(ids(await detail(s, u.token, id))).not.toContain(text.id);
    // The redo saves the graph the canvas shows again, nodes and ids as they were.
    const edited = full.nodes.map((n: Node) =>
      n.id === text.id ? { ...n, nodeConfig: { ...n.nodeConfig, text: "又回来了" } } : n,
    );
    ok(await save({ workflowConfig: { ...full, editVersion: undone, nodes: edited } }));
    const back = await detail(s, u.token, id);
    expect(ids(back)).toEqual(expect.arrayContaining([text.id, loop.id]));
    expect(back.nodes.find((n: Node) => n.id === text.id).nodeConfig.text).toBe("又回来了");
    const body = back.nodes.find((n: Node) => n.id === loop.id).innerNodes.map((n: Node) => n.id);
    expect(body.sort()).toEqual([loop.innerStartNodeId, loop.innerEndNodeId].sort());

    // A node removed from another workflow is that workflow's, never this one's.
    const otherId = await newWorkflow(s, u.token, spaceId);
    const foreign = await addNode(s, u.token, otherId, "TextProcessing");
    const other = await detail(s, u.token, otherId);
    ok(await save({ workflowConfig: { ...other, nodes: other.nodes.filter((n: Node) => n.id !== foreign.id) } }));
    const mine = await detail(s, u.token, id);
    const res = await save({ workflowConfig: { ...mine, nodes: [...mine.nodes, { ...foreign, loopNodeId: null }] } });
    refused(res, "4000", "workflowConfig.nodes");
  });
});

describe("the Start node's system variables", () => {
  it("are offered to downstream nodes and resolved in a test run", async () => {
    const id = await newWorkflow(s, u.token, spaceId);
    const text = await addNode(s, u.token, id, "TextProcessing");
    const d = await detail(s, u.token, id);
    const start = d.startNode.id;
    const nodes = [
      { ...d.startNode, nextNodeIds: [text.id] },
      {
        ...text,
        nodeConfig: {
          ...text.nodeConfig,
          text: "{{who}}/{{uid}}/{{lang}}",
          inputArgs: [
            ref("who", `${start}.USER_NAME`),
            ref("uid", `${start}.SYS_USER_ID`, "Integer"),
            ref("lang", `${start}.USER_LANG`),
          ],
        },
        nextNodeIds: [d.endNode.id],
      },
      {
        ...d.endNode,
        nodeConfig: {
          ...d.endNode.nodeConfig,
          outputArgs: [
            ref("text", `${text.id}.output`),
            ref("request", `${start}.REQUEST_ID`),
            ref("space", `${start}.SPACE_ID`, "Integer"),
            ref("conversation", `${start}.CONVERSATION_ID`, "Integer"),
          ],
        },
      },
    ];
    ok(await save({ workflowConfig: { id, editVersion: d.editVersion, nodes } }));

    const previous = ok(await s.call(`/api/workflow/node/previous/${text.id}`, { token: u.token }));
    expect(previous.argMap[`${start}.USER_NAME`]).toMatchObject({ name: "USER_NAME", dataType: "String" });
    expect(previous.argMap[`${start}.CONVERSATION_ID`]).toMatchObject({ dataType: "Integer" });
    const checks = ok<{ success: boolean }[]>(await s.call(`/api/workflow/valid/${id}`, { token: u.token }));
    expect(checks.filter((c) => !c.success)).toEqual([]);

    const requestId = crypto.randomUUID();
    const run = await testRun(s, u.token, { workflowId: id, requestId, params: {} });
    expect(run.events.at(-1)).toMatchObject({
      complete: true,
      success: true,
      // A test run has no conversation: that one is empty.
      data: { text: `${u.userName}/${u.id}/zh-CN`, request: requestId, space: spaceId, conversation: null },
    });
  });
});
