import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSandbox, runCode, sandboxProcesses, warmSandbox } from "./index";

// One warm Pyodide process serves the whole file (loading it takes seconds); tests that get it replaced come last.
const py = (code: string, args: Record<string, unknown> = {}, timeoutMs = 5_000) =>
  runCode({ language: "Python", code, args, timeoutMs });

const HOST_SECRET = "host-secret-4711";

const pythonPids = () =>
  sandboxProcesses()
    .filter((p) => p.language === "Python")
    .map((p) => p.pid);

beforeAll(async () => {
  process.env.SANDBOX_TEST_SECRET = HOST_SECRET;
  await warmSandbox(["Python"]);
}, 180_000);

afterAll(() => {
  closeSandbox();
  delete process.env.SANDBOX_TEST_SECRET;
});

const refused = (res: { success: boolean; error?: string }) => {
  expect(res.success).toBe(false);
  expect(res.error).toMatch(/^代码错误：PermissionError: 沙箱不允许/);
};

describe("Python sandbox: running code", () => {
  it("runs main with the inputs and SYS_VARS, capturing print and stderr", async () => {
    const res = await py(
      'import sys\ndef main(args: dict) -> dict:\n    print("hello", args["a"])\n    print("oops", file=sys.stderr)\n    return {"sum": args["a"] + args["b"], "user": args["SYS_VARS"]["userId"], "中": "文"}',
      { a: 2, b: 3, SYS_VARS: { userId: "u1" } },
    );
    expect(res).toMatchObject({ success: true, output: { sum: 5, user: "u1", 中: "文" } });
    expect(res.logs).toEqual(["hello 2", "oops"]);
  });

  it("awaits an async main", async () => {
    const res = await py(
      "import asyncio\nasync def main(args):\n    await asyncio.sleep(0.01)\n    return [args['x']]",
      { x: 7 },
    );
    expect(res).toMatchObject({ success: true, output: [7] });
  });

  it("reports syntax errors and exceptions with their line", async () => {
    expect(await py("def main(args)\n    return 1")).toMatchObject({
      success: false,
      error: "代码错误：SyntaxError: expected ':'（第 1 行）",
    });
    expect(await py('def main(args):\n    x = 1\n    raise ValueError("坏了")')).toMatchObject({
      success: false,
      error: "代码错误：ValueError: 坏了（第 3 行）",
    });
  });

  it("says when there is no main, and refuses results that are not JSON", async () => {
    expect(await py("x = 1")).toMatchObject({ success: false, error: "找不到 main 函数，请定义 def main(args)" });
    expect((await py("def main(args):\n    return {1, 2}")).error).toMatch(/^代码错误：返回值必须可以转换为 JSON/);
    expect((await py("def main(args):\n    return float('nan')")).error).toMatch(/JSON/);
  });
});

describe("Python sandbox: escape catalogue", () => {
  it("refuses processes, sockets and ctypes", async () => {
    refused(await py('import os\ndef main(args):\n    return os.system("id")'));
    refused(await py("import subprocess\ndef main(args):\n    return 1"));
    refused(await py("import socket\ndef main(args):\n    return 1"));
    // importlib skips the import audit event; creating the socket is still refused.
    refused(await py("import importlib\ndef main(args):\n    return str(importlib.import_module('_socket').socket())"));
    refused(await py("import ctypes\ndef main(args):\n    return 1"));
  });

  it("routes importlib and __import__ through the same import check", async () => {
    refused(await py("import importlib\ndef main(args):\n    importlib.import_module('_socket')\n    return 1"));
    refused(await py("import importlib.util\ndef main(args):\n    return str(importlib.util.find_spec('socket'))"));
    refused(await py("def main(args):\n    return str(__import__('subprocess'))"));
  });

  it("cannot read or write files", async () => {
    refused(await py('def main(args):\n    return open("/etc/passwd").read()'));
    refused(await py('def main(args):\n    return open("/lib/../etc/passwd").read()'));
    refused(await py('def main(args):\n    open("/tmp/x", "w").write("x")'));
    refused(await py('import os\ndef main(args):\n    return os.listdir("/")'));
  });

  it("cannot import JavaScript: no js module, no pyodide API", async () => {
    refused(await py("import js\ndef main(args):\n    return str(js.process)"));
    refused(await py("import pyodide_js\ndef main(args):\n    return 1"));
    refused(await py("from pyodide.ffi import to_js\ndef main(args):\n    return 1"));
  });

  it("finds no way to the JavaScript bridge: no function reachable from the stdlib or any class leads to it", async () => {
    // Walks what user code can reach without gc: every class (object.__subclasses__), every loaded module, and the
    // globals, closures and wrapped functions behind each callable; the bridge shows up as pyodide.ffi names.
    const res = await py(`import asyncio, sys, time, types
def main(args):
    found, seen = set(), set()
    todo = [time.sleep, asyncio.run, asyncio.get_event_loop_policy(), *sys.meta_path, *sys.modules.values()]
    def subclasses(c):
        try:
            return c.__subclasses__()
        except TypeError:
            return type.__subclasses__(c)
    classes = [object]
    while classes:
        c = classes.pop()
        if id(c) not in seen:
            seen.add(id(c))
            todo.append(c)
            classes.extend(subclasses(c))
    seen.clear()
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        if isinstance(o, types.FunctionType):
            g = o.__globals__
            found.update(k for k in ("create_proxy", "to_js", "run_js", "JsProxy", "_pyodide_core") if k in g)
            for cell in o.__closure__ or ():
                try:
                    todo.append(cell.cell_contents)
                except ValueError:
                    pass
            todo.extend(g.values())
        elif isinstance(o, (type, types.ModuleType)):
            todo.extend(vars(o).values())
        elif isinstance(o, (staticmethod, classmethod)):
            todo.append(o.__func__)
        elif type(o).__module__.split(".")[0] in ("pyodide", "_pyodide", "pyodide_js", "js"):
            found.add(type(o).__module__)
    return sorted(found)`);
    expect(res).toMatchObject({ success: true, output: [] });
  });

  it("cannot introspect the harness through frames or the garbage collector", async () => {
    refused(
      await py(
        "def main(args):\n    try:\n        raise ValueError()\n    except ValueError as e:\n        return str(e.__traceback__.tb_frame.f_back.f_globals)",
      ),
    );
    refused(await py("import sys\ndef main(args):\n    return str(sys._getframe(1).f_globals)"));
    refused(await py("import gc\ndef main(args):\n    return len(gc.get_objects())"));
    const hook = await py(
      "import sys\ndef main(args):\n    seen = []\n    sys.addaudithook(lambda *a: seen.append(a))\n    compile('1', 'x', 'eval')\n    return len(seen)",
    );
    expect(hook).toMatchObject({ success: true, output: 0 });
  });

  it("sees none of the host's environment", async () => {
    const res = await py("import os\ndef main(args):\n    return dict(os.environ)");
    expect(res.success).toBe(true);
    expect(JSON.stringify(res.output)).not.toContain(HOST_SECRET);
    expect(res.output).not.toHaveProperty("SANDBOX_TEST_SECRET");
    expect(res.output).not.toHaveProperty("PATH", process.env.PATH);
  });

  it("puts builtins and sys.modules back after a run", async () => {
    await py(
      "import builtins, sys\ndef main(args):\n    builtins.leak = 'x'\n    sys.modules['json'] = None\n    return 1",
    );
    const next = await py(
      "import builtins, json\ndef main(args):\n    return [hasattr(builtins, 'leak'), json.dumps(1)]",
    );
    expect(next).toMatchObject({ success: true, output: [false, "1"] });
  });

  it("puts back stdlib functions, classes and instances a run changed in place", async () => {
    const pwn = await py(
      "import json\ndef main(args):\n    json.dumps = lambda *a, **k: 'pwned'\n    json.JSONEncoder.encode = lambda s, o: 'pwned'\n    json._default_encoder.indent = 4\n    json.loads.__kwdefaults__ = {'cls': None, 'object_hook': lambda d: 'pwned', 'parse_float': None, 'parse_int': None, 'parse_constant': None, 'object_pairs_hook': None}\n    return 1",
    );
    // Its own result went through the encoder it replaced: refused as not JSON, and the process stays.
    expect(pwn).toMatchObject({ success: false, error: "代码错误：返回值必须可以转换为 JSON" });
    const next = await py(
      "import json\ndef main(args):\n    return [json.dumps({'a': [1]}), json.JSONEncoder().encode(2), json._default_encoder.encode([1]), json.loads('{}')]",
    );
    expect(next).toMatchObject({ success: true, output: ['{"a": [1]}', "2", "[1]", {}] });
  });

  it("leaves no timer or task of a run to fire during a later run, keeping the process", async () => {
    const before = pythonPids();
    const plant = await py(
      "import asyncio, json\ndef patch():\n    json.dumps = lambda *a, **k: 'pwned'\nasync def later():\n    await asyncio.sleep(0.3)\n    patch()\nasync def main(args):\n    loop = asyncio.get_running_loop()\n    loop.call_later(0.3, patch)\n    asyncio.ensure_future(later())\n    return 1",
    );
    expect(plant).toMatchObject({ success: true });
    const victim = await py(
      "import asyncio, json\nasync def main(args):\n    await asyncio.sleep(0.8)\n    return json.dumps(1)",
    );
    expect(victim).toMatchObject({ success: true, output: "1" });
    expect(pythonPids()).toEqual(before);
  });

  it("refuses a huge output, truncates huge logs and ends deep recursion", async () => {
    expect(await py('def main(args):\n    return "x" * 2_000_000')).toMatchObject({
      success: false,
      error: "输出过大（超过 1 MB）",
    });
    const logs = await py('def main(args):\n    for i in range(5000):\n        print("line", i)\n    return "done"');
    expect(logs).toMatchObject({ success: true, output: "done" });
    expect(logs.logs).toHaveLength(501);
    expect(logs.logs.at(-1)).toMatch(/日志过多，已截断/);
    expect(await py("def f(n):\n    return f(n + 1)\ndef main(args):\n    return f(0)")).toMatchObject({
      success: false,
      error: "代码错误：调用层级过深（栈溢出）",
    });
  });

  it("stops an infinite loop at the deadline while the host keeps serving, keeping the interpreter", async () => {
    const before = pythonPids();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const res = await py("def main(args):\n    while True:\n        pass", {}, 1_000);
    clearInterval(timer);
    expect(res).toMatchObject({ success: false, error: "运行超时（1 秒）" });
    expect(ticks).toBeGreaterThan(0);
    expect(await py("def main(args):\n    return 'again'")).toMatchObject({ success: true, output: "again" });
    expect(pythonPids()).toEqual(before);
  }, 60_000);

  it("ends a memory bomb with a memory error", async () => {
    const res = await py(
      "def main(args):\n    keep = []\n    while True:\n        keep.append(bytearray(10_000_000))",
      {},
      60_000,
    );
    expect(res).toMatchObject({ success: false, error: "内存超出限制（128 MB）" });
  }, 90_000);

  it("kills a loop that swallows the interrupt, then serves from a new process", async () => {
    const before = pythonPids();
    const res = await py(
      "def main(args):\n    while True:\n        try:\n            while True:\n                pass\n        except BaseException:\n            pass",
      {},
      1_000,
    );
    expect(res).toMatchObject({ success: false, error: "运行超时（1 秒）" });
    expect(await py("def main(args):\n    return 'fresh'", {}, 5_000)).toMatchObject({
      success: true,
      output: "fresh",
    });
    expect(pythonPids().some((pid) => before.includes(pid))).toBe(false);
  }, 180_000);
});
