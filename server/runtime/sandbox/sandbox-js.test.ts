import { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { closeSandbox, runCode, sandboxProcesses, warmSandbox } from "./index";

const js = (code: string, args: Record<string, unknown> = {}, timeoutMs = 3_000) =>
  runCode({ language: "JavaScript", code, args, timeoutMs });

afterAll(() => closeSandbox());

describe("JavaScript sandbox: running code", () => {
  it("runs an exported async main with the inputs and SYS_VARS, capturing console output", async () => {
    const res = await js(
      `export default async function main(args) {
        console.log("hello", { a: args.a });
        console.info("info");
        console.warn("careful");
        console.error("bad", 1);
        await Promise.resolve();
        return { sum: args.a + args.b, user: args.SYS_VARS.userId };
      }`,
      { a: 2, b: 3, SYS_VARS: { userId: "u1" } },
    );
    expect(res).toMatchObject({ success: true, output: { sum: 5, user: "u1" } });
    expect(res.logs).toEqual(['hello {"a":2}', "info", "[warn] careful", "[error] bad 1"]);
    expect(res.costTime).toBeGreaterThanOrEqual(0);
  });

  it("accepts a plain async function main, an arrow main and a named export", async () => {
    expect(await js("async function main(args) { return args.x * 2 }", { x: 21 })).toMatchObject({ output: 42 });
    expect(await js("const main = (args) => ({ got: args.x })", { x: "y" })).toMatchObject({ output: { got: "y" } });
    expect(await js("export async function main() { return [1, 2] }")).toMatchObject({ output: [1, 2] });
    expect(await js("function main() {}")).toMatchObject({ success: true, output: null });
  });

  it("reports a syntax error with its line", async () => {
    const res = await js("function main() {\n  return {\n}}}");
    expect(res.success).toBe(false);
    expect(res.error).toMatch(/^代码错误：SyntaxError: .+（第 3 行）$/);
  });

  it("reports a thrown error with its message and line", async () => {
    const res = await js('function main() {\n  const x = 1;\n  throw new Error("坏了 " + x);\n}');
    expect(res).toMatchObject({ success: false, error: "代码错误：Error: 坏了 1（第 3 行）" });
  });

  it("reports a rejected promise and a promise that can never settle", async () => {
    expect((await js('async function main() { await null; throw new TypeError("nope") }')).error).toMatch(
      /^代码错误：TypeError: nope/,
    );
    expect((await js("function main() { return new Promise(() => {}) }")).error).toMatch(/永远不会完成/);
  });

  it("says when there is no main function", async () => {
    const res = await js("const x = 1;\nexport default x;");
    expect(res).toMatchObject({
      success: false,
      error: "找不到 main 函数，请定义 export default async function main(args)",
    });
  });

  it("refuses results that are not JSON", async () => {
    expect((await js("function main() { return () => 1 }")).error).toMatch(/JSON/);
    expect((await js("function main() { return { n: 1n } }")).error).toMatch(/^代码错误：TypeError/);
    expect((await js("function main() { const a = {}; a.a = a; return a }")).error).toMatch(/^代码错误：TypeError/);
  });
});

describe("JavaScript sandbox: escape catalogue", () => {
  it("has no process, require, fetch, file system or host globals", async () => {
    const res = await js(`function main() {
      const g = ({}).constructor.constructor("return this")();
      return {
        names: Object.getOwnPropertyNames(globalThis).filter((n) => !/^[A-Z]/.test(n)).sort(),
        viaFunction: [typeof g.process, typeof g.require],
        types: [typeof process, typeof require, typeof fetch, typeof std, typeof os, typeof Deno, typeof Bun],
      };
    }`);
    expect(res.success).toBe(true);
    const out = res.output as { names: string[]; viaFunction: string[]; types: string[] };
    expect(out.types.every((t) => t === "undefined")).toBe(true);
    expect(out.viaFunction).toEqual(["undefined", "undefined"]);
    for (const forbidden of ["process", "require", "fetch", "setTimeout", "__sandboxLog", "module", "Buffer"]) {
      expect(out.names).not.toContain(forbidden);
    }
  });

  it("cannot import modules, statically or dynamically", async () => {
    const stat = await js(
      'import fs from "fs";\nexport default function main() { return fs.readFileSync("/etc/passwd", "utf8") }',
    );
    expect(stat.success).toBe(false);
    expect(stat.error).toMatch(/could not load module 'fs'/);
    const dyn = await js('export default async function main() { const m = await import("node:fs"); return typeof m }');
    expect(dyn.success).toBe(false);
    expect(dyn.error).toMatch(/could not load module/);
  });

  it("keeps the host's prototypes clean, and each run starts from clean ones", async () => {
    const polluted = await js(`function main() {
      Object.prototype.polluted = "yes";
      Array.prototype.push = () => 0;
      JSON.stringify = () => "evil";
      return ({}).polluted;
    }`);
    expect(polluted).toMatchObject({ success: true, output: "yes" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const next = await js("function main() { const a = []; a.push(1); return { p: ({}).polluted ?? null, a } }");
    expect(next).toMatchObject({ success: true, output: { p: null, a: [1] } });
  });

  it("stops an infinite loop at the deadline while the host keeps serving", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const order: string[] = [];
    const loop = js("function main() { for (;;) {} }", {}, 1_500).then((r) => {
      order.push("loop");
      return r;
    });
    const quick = js("function main() { return 'fast' }").then((r) => {
      order.push("quick");
      return r;
    });
    const [looped, fast] = await Promise.all([loop, quick]);
    clearInterval(timer);
    expect(looped).toMatchObject({ success: false, error: "运行超时（1.5 秒）" });
    expect(fast).toMatchObject({ success: true, output: "fast" });
    expect(order).toEqual(["quick", "loop"]);
    expect(ticks).toBeGreaterThan(0);
  });

  it("stops a loop hidden in a promise job", async () => {
    const res = await js("async function main() { await null; while (true) {} }", {}, 500);
    expect(res).toMatchObject({ success: false, error: "运行超时（0.5 秒）" });
  });

  it("keeps a child that stopped in time while the host's own loop was blocked past the kill", async () => {
    await warmSandbox(["JavaScript"]);
    const kill = vi.spyOn(ChildProcess.prototype, "kill");
    try {
      const looping = js("function main() { for (;;) {} }", {}, 500);
      // A block that ends in the check phase: the next turn runs its due timers, the kill's among them, before
      // reading the reply that came in meanwhile.
      setTimeout(() => setImmediate(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3_000)), 100);
      expect(await looping).toMatchObject({ success: false, error: "运行超时（0.5 秒）" });
      expect(kill).not.toHaveBeenCalled();
    } finally {
      kill.mockRestore();
    }
  });

  it("ends a memory bomb with a memory error, then serves the next run", async () => {
    const res = await js(
      "function main() { const keep = []; for (;;) keep.push(new ArrayBuffer(8 << 20)); }",
      {},
      20_000,
    );
    expect(res).toMatchObject({ success: false, error: "内存超出限制（128 MB）" });
    expect(await js("function main() { return 1 }")).toMatchObject({ success: true, output: 1 });
  });

  it("refuses a huge output", async () => {
    const res = await js('function main() { return "x".repeat(2 * 1024 * 1024) }');
    expect(res).toMatchObject({ success: false, error: "输出过大（超过 1 MB）" });
  });

  it("truncates huge logs with a note", async () => {
    const res = await js('function main() { for (let i = 0; i < 2000; i++) console.log("line " + i); return "done" }');
    expect(res).toMatchObject({ success: true, output: "done" });
    expect(res.logs).toHaveLength(501);
    expect(res.logs[0]).toBe("line 0");
    expect(res.logs.at(-1)).toMatch(/日志过多，已截断/);
    const wide = await js('function main() { console.log("y".repeat(200000)); return 1 }');
    expect(wide.logs.join("").length).toBeLessThan(70 * 1024);
  });

  it("ends deep recursion with a clear error", async () => {
    const res = await js("function f(n) { return f(n + 1) + 1 }\nfunction main() { return f(0) }");
    expect(res).toMatchObject({ success: false, error: "代码错误：调用层级过深（栈溢出）" });
  });

  it("refuses arguments that are not JSON before starting anything", async () => {
    const args: Record<string, unknown> = {};
    args.self = args;
    expect(await js("function main() { return 1 }", args)).toMatchObject({
      success: false,
      error: "参数无法转换为 JSON",
    });
  });
});

describe("JavaScript sandbox: processes", () => {
  it("starts children with an empty environment, no code generation and the permission model", async () => {
    await warmSandbox(["JavaScript"]);
    const children = sandboxProcesses().filter((p) => p.language === "JavaScript");
    expect(children.length).toBe(2);
    for (const { pid } of children) {
      // Only the IPC channel Node itself adds for fork().
      const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
      expect(env.every((entry) => entry.startsWith("NODE_CHANNEL_"))).toBe(true);
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      expect(argv).toContain("--disallow-code-generation-from-strings");
      expect(argv.some((a) => a === "--permission" || a === "--experimental-permission")).toBe(true);
      expect(argv.filter((a) => a.startsWith("--allow-")).every((a) => a.startsWith("--allow-fs-read="))).toBe(true);
    }
  });

  it("reports a child that dies mid-run and replaces it", async () => {
    await warmSandbox(["JavaScript"]);
    const before = sandboxProcesses().map((p) => p.pid);
    const running = js("function main() { for (;;) {} }", {}, 20_000);
    // Every child is killed, so whichever took the run dies under it.
    for (const pid of before) process.kill(pid, "SIGKILL");
    expect(await running).toMatchObject({ success: false, error: "沙箱进程异常退出" });
    await vi.waitFor(() => expect(sandboxProcesses().some((p) => before.includes(p.pid))).toBe(false));
    expect(await js("function main() { return 'replaced' }")).toMatchObject({ success: true, output: "replaced" });
  });

  it("ends runs still waiting when the sandbox closes", async () => {
    const running = js("function main() { for (;;) {} }", {}, 20_000);
    await new Promise((resolve) => setImmediate(resolve));
    closeSandbox();
    expect(await running).toMatchObject({ success: false, error: "沙箱已关闭" });
  });
});
