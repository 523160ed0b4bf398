import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSandbox, runCode, warmSandbox } from "#server/runtime/sandbox";
import { startWorkflow } from "../executor";
import { drain, graphOf, param, ref, wfNode } from "../testing";

// Loading Pyodide takes seconds: once for the file, before the tests' own timeouts start.
beforeAll(() => warmSandbox(["Python"]), 180_000);
afterAll(() => closeSandbox());

const code = (source: string, extra: Record<string, unknown> = {}) =>
  wfNode(
    3,
    "Code",
    {
      codeLanguage: "JavaScript",
      codeJavaScript: source,
      inputArgs: [ref("a", "1.a", "Integer"), ref("b", "1.b", "Integer")],
      outputArgs: [param("sum", "Integer"), param("who")],
      ...extra,
    },
    [2],
  );

const flow = (node: ReturnType<typeof code>, extra: ReturnType<typeof wfNode>[] = []) =>
  graphOf([
    wfNode(1, "Start", { inputArgs: [param("a", "Integer"), param("b", "Integer")] }, [3]),
    node,
    ...extra,
    wfNode(2, "End", { outputArgs: [ref("sum", "3.sum", "Integer"), ref("who", "3.who")] }),
  ]);

describe("Code node in the sandbox", () => {
  it("gets its inputs as top-level args plus SYS_VARS and returns the declared outputs", async () => {
    const source =
      "export default async function main(args) { return { sum: args.a + args.b, who: args.SYS_VARS.USER_NAME, extra: 1 }; }";
    const { outcome } = await drain(
      startWorkflow(flow(code(source)), { params: { a: "2", b: 40 }, systemVariables: { USER_NAME: "小明" } }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({ sum: 42, who: "小明" });
    expect(outcome.nodeExecuteResultMap[3]?.data).toEqual({ sum: 42, who: "小明" });
  });

  it("a throwing script fails the node after its retry, reported once, and its exception branch gets the sandbox's message", async () => {
    const source = "export default async function main(args) { throw new Error('坏了'); }";
    const handling = { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW", retryCount: 1, exceptionHandleNodeIds: [4] };
    const handler = wfNode(4, "Output", { content: "出错：{{e}}", outputArgs: [ref("e", "3.ERROR_MESSAGE")] }, [2]);
    const { events, outcome } = await drain(
      startWorkflow(flow(code(source, { exceptionHandleConfig: handling }), [handler]), { params: { a: 1, b: 2 } }),
    );
    expect(outcome.status).toBe("FINISHED");
    const executing = events.filter((e) => e.type === "node" && e.nodeId === 3 && e.status === "EXECUTING");
    expect(executing).toHaveLength(1);
    expect(outcome.nodeExecuteResultMap[3]).toMatchObject({ success: false, error: expect.stringContaining("坏了") });
    expect(events.find((e) => e.type === "output")).toMatchObject({ text: expect.stringMatching(/^出错：.*坏了/) });
  });
});

const python = (source: string, extra: Record<string, unknown> = {}) =>
  code("", { codeLanguage: "Python", codeJavaScript: null, codePython: source, ...extra });

describe("Python Code node in the shared sandbox", () => {
  it("gets its inputs as keys of args plus SYS_VARS (without CHAT_CONTEXT) and returns the declared outputs", async () => {
    const source = [
      "def main(args):",
      "    assert 'CHAT_CONTEXT' not in args['SYS_VARS']",
      "    return {'sum': args['a'] + args['b'], 'who': args['SYS_VARS']['USER_NAME'], 'extra': 1}",
    ].join("\n");
    const { outcome } = await drain(
      startWorkflow(flow(python(source)), {
        params: { a: "2", b: 40 },
        systemVariables: { USER_NAME: "小红", CHAT_CONTEXT: "很长的上下文" },
      }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({ sum: 42, who: "小红" });
  });

  it("an exception is retried, then takes the exception branch with Python's message", async () => {
    const source = "def main(args):\n    raise ValueError('坏了' + str(args['a']))";
    const handling = { exceptionHandleType: "EXECUTE_EXCEPTION_FLOW", retryCount: 1, exceptionHandleNodeIds: [4] };
    const handler = wfNode(4, "Output", { content: "出错：{{e}}", outputArgs: [ref("e", "3.ERROR_MESSAGE")] }, [2]);
    const attempts: string[] = [];
    const { events, outcome } = await drain(
      startWorkflow(flow(python(source, { exceptionHandleConfig: handling }), [handler]), {
        params: { a: 7, b: 0 },
        services: {
          // The real sandbox, counted: a retry is a second run of the code.
          runCode: async (request) => {
            attempts.push(request.language);
            return runCode(request);
          },
        },
      }),
    );
    expect(attempts).toEqual(["Python", "Python"]);
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.nodeExecuteResultMap[3]).toMatchObject({
      success: false,
      error: expect.stringContaining("ValueError"),
    });
    expect(events.find((e) => e.type === "output")).toMatchObject({ text: expect.stringMatching(/^出错：.*坏了7/) });
  });

  it("with INTERRUPT an exception fails the run, naming the node", async () => {
    const source = "def main(args):\n    return 1 / 0";
    const { outcome } = await drain(
      startWorkflow(flow(python(source, { exceptionHandleConfig: { exceptionHandleType: "INTERRUPT" } })), {
        params: { a: 1, b: 2 },
      }),
    );
    expect(outcome.status).toBe("FAILED");
    expect(outcome.message).toMatch(/Code3.*ZeroDivisionError/);
  });
});
