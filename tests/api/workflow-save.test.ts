import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace, refused, type User } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { addNode, detail, newWorkflow } from "../support/workflows";

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
