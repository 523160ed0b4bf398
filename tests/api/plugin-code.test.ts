import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pluginTestResultSchema } from "#contract/api/plugin";
import { ok, type Team, team } from "../support/agents";
import { newPlugin } from "../support/plugins";
import { startServer, type TestServer } from "../support/server";

/** Test runs and output analysis of code plugins through the API (the sandbox's own limits are tested beside it). */
let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s?.close());

async function codePlugin(codeLang: "JavaScript" | "Python", config: Record<string, unknown>) {
  const id = await newPlugin(s, t.member.token, t.spaceId, { type: "CODE", codeLang, name: "计算器" });
  ok(await s.call("/api/plugin/code/update", { token: t.member.token, body: { id, config } }));
  return id;
}

const runTest = async (pluginId: number, params: Record<string, unknown>) =>
  ok(await s.call("/api/plugin/test", { token: t.other.token, body: { pluginId, params } }));

const sumArgs = {
  inputArgs: [
    { name: "a", dataType: "Number", require: true },
    { name: "b", dataType: "Number", bindValue: 2 },
  ],
  outputArgs: [
    { name: "sum", dataType: "Number" },
    { name: "who", dataType: "String" },
  ],
};

describe("code plugins through /api/plugin/test", () => {
  it("runs JavaScript with the inputs as top-level args plus SYS_VARS, capturing logs", async () => {
    const code = [
      "export default async function main(args) {",
      '  console.log("adding", args.a, args.b);',
      "  return { sum: args.a + args.b, who: args.SYS_VARS.USER_NAME, extra: true };",
      "}",
    ].join("\n");
    const id = await codePlugin("JavaScript", { code, ...sumArgs });
    const result = await runTest(id, { a: "40" });
    expect(pluginTestResultSchema.safeParse(result).error).toBeUndefined();
    expect(result).toMatchObject({
      success: true,
      error: null,
      result: { data: { sum: 42, who: t.other.userName }, sum: 42, who: t.other.userName },
    });
    expect(result.logs.join("\n")).toContain("adding 40 2");
  });

  it("runs Python's main(args) the same way", async () => {
    const code = [
      "def main(args: dict) -> dict:",
      '    print("py", args["a"])',
      '    return {"sum": args["a"] + args["b"], "who": args["SYS_VARS"]["USER_NAME"]}',
    ].join("\n");
    const id = await codePlugin("Python", { code, ...sumArgs });
    const result = await runTest(id, { a: 1, b: 0.5 });
    expect(result).toMatchObject({ success: true, result: { data: { sum: 1.5, who: t.other.userName } } });
    expect(result.logs.join("\n")).toContain("py 1");
  }, 120_000); // a cold Pyodide start takes tens of seconds on a loaded two-core machine

  it("answers a throwing script or a missing required input as a failed run with a message", async () => {
    const throwing = await codePlugin("JavaScript", {
      code: 'export default async function main() { throw new Error("坏了"); }',
      ...sumArgs,
    });
    const thrown = await runTest(throwing, { a: 1 });
    expect(thrown).toMatchObject({ success: false });
    expect(thrown.error).toContain("坏了");
    const missing = await runTest(throwing, {});
    expect(missing).toMatchObject({ success: false, error: expect.stringContaining("a") });
  });

  it("analyses a code plugin's output from its return value", async () => {
    const code = 'export default async function main() { return { total: 3, rows: [{ id: 1, name: "x" }] }; }';
    const id = await codePlugin("JavaScript", { code, outputArgs: [{ name: "total", dataType: "Integer" }] });
    const tree = ok<any[]>(
      await s.call("/api/plugin/analysis/output", { token: t.member.token, body: { pluginId: id, params: {} } }),
    );
    expect(tree).toMatchObject([
      { name: "total", dataType: "Integer" },
      {
        name: "rows",
        dataType: "Array_Object",
        subArgs: [{ name: "[Array_Item]", subArgs: [{ name: "id" }, { name: "name" }] }],
      },
    ]);
  });
});
