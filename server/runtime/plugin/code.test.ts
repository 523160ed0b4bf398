import { afterAll, describe, expect, it } from "vitest";
import type { CodePluginConfig } from "#contract/plugin";
import { closeSandbox } from "../sandbox";
import { executePlugin } from "./index";

afterAll(() => closeSandbox());

const deps = { config: { EGRESS_ALLOW: "" } };
const run = (
  config: Partial<CodePluginConfig>,
  params: Record<string, unknown>,
  codeLang: "JavaScript" | "Python" = "JavaScript",
) => executePlugin(deps, { type: "CODE", codeLang, pluginId: 1, config, params, sysVars: { USER_NAME: "张三" } });

const code = `export default async function main(args) {
  console.log("收到", args.a, args.b);
  return { sum: args.a + args.b, user: args.SYS_VARS.USER_NAME, extra: args.extra ?? null };
}`;

describe("code plugins", () => {
  it("passes typed inputs with defaults and SYS_VARS, and returns outputs with the logs", async () => {
    const inputArgs = [
      { name: "a", dataType: "Integer", require: true },
      { name: "b", dataType: "Number", bindValue: 0.5 },
    ];
    const out = await run({ code, inputArgs, outputArgs: [{ name: "sum", dataType: "Number" }] }, { a: "2", extra: 1 });
    expect(out).toMatchObject({ success: true, error: null, result: { sum: 2.5, data: { sum: 2.5 } } });
    expect(out.logs.join("\n")).toContain("收到 2 0.5");
    const whole = await run({ code, inputArgs }, { a: 1, b: 1 });
    // Undeclared values do not reach the code; with no outputs declared the whole return value is the data.
    expect(whole.result.data).toEqual({ sum: 2, user: "张三", extra: null });
  });

  it("runs Python with the same arguments and outputs", async () => {
    const python =
      'def main(args: dict) -> dict:\n    print("收到", args["a"])\n    return {"double": args["a"] * 2, "user": args["SYS_VARS"]["USER_NAME"]}\n';
    const inputArgs = [{ name: "a", dataType: "Integer", require: true }];
    const out = await run({ code: python, inputArgs }, { a: "21" }, "Python");
    expect(out).toMatchObject({ success: true, result: { double: 42, data: { double: 42, user: "张三" } } });
    expect(out.logs.join("\n")).toContain("收到 21");
  });

  it("refuses a missing required input before running, and reports a failing script in Chinese", async () => {
    const inputArgs = [{ name: "a", dataType: "Integer", require: true }];
    expect((await run({ code, inputArgs }, {})).error).toBe("缺少必填参数：a");
    const failing = await run({ code: "export default async function main() { throw new Error('坏了'); }" }, {});
    expect(failing.success).toBe(false);
    expect(failing.error).toContain("坏了");
  });

  it("stops a script that runs past the plugin's timeout", async () => {
    const out = await run({ code: "export default async function main() { for (;;) {} }", timeout: 1 }, {});
    expect(out.success).toBe(false);
    expect(out.error).toMatch(/超时|超过/);
  });
});
