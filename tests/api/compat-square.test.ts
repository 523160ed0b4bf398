import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

/**
 * The original web client's wire shapes (reference/original-frontend.md §1.11) for the square and publish dialog.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

describe("GET /api/published/category/list (original client)", () => {
  it("answers the tree [{type, children:[{key,label}]}] with one branch per kind", async () => {
    const tree = ok<any[]>(await s.call("/api/published/category/list"));
    expect(tree.map((branch) => branch.type)).toEqual(["Agent", "Plugin", "Workflow", "Template"]);
    for (const branch of tree) {
      expect(Object.keys(branch).sort()).toEqual(["children", "type"]);
      expect(branch.children.length).toBeGreaterThan(0);
      for (const c of branch.children) {
        expect(Object.keys(c).sort()).toEqual(["key", "label"]);
        expect(c.label).toMatch(/[\u4e00-\u9fa5]/);
      }
    }
    expect(tree[0].children).toContainEqual({ key: "Writing", label: "写作创作" });
  });
});
