import { beforeEach, describe, expect, it, vi } from "vitest";
import { componentKinds } from "#contract/components";
import { componentTypes } from "#contract/enums";
import type { Deps } from "#server/core";
import { type AppError, Codes } from "#server/core";
import type { AgentSnapshot } from "../agent/dto";

/** A fresh registry (and a runtime reading it) per test, so registrations of one test do not leak. */
async function freshModules() {
  vi.resetModules();
  const kinds = await import("./kinds");
  const tools = await import("#server/runtime/agent/tools");
  return { kinds, tools };
}

const snapshotWith = (components: Partial<AgentSnapshot["components"][number]>[]) =>
  ({ components }) as unknown as AgentSnapshot;

describe("component-kind registry", () => {
  beforeEach(() => vi.resetModules());

  it("has an entry for every contract kind, with the parts each kind has today", async () => {
    const kinds = await import("./kinds");
    await import("./registry");
    for (const type of componentTypes) {
      const kind = kinds.kindOf(type);
      expect(kind, type).toBeDefined();
      expect(kind?.label).toBe(componentKinds[type].label);
      expect(kind?.singleton).toBe(componentKinds[type].singleton);
    }
    expect(kinds.kindOf("Model")?.resolver).toBeTypeOf("function");
    expect(kinds.publishAdapterOf("Agent")).toBeDefined();
    expect(kinds.publishAdapterOf("Plugin")).toBeDefined();
    expect(kinds.toolFactoryOf("Plugin")).toBeTypeOf("function");
    expect(kinds.publishAdapterOf("Workflow")).toBeDefined();
  });

  it("answers an apply for a kind without a publish adapter as a missing target, named by its label", async () => {
    // Every publishable kind has its adapter in the registry today: this registry leaves Workflow's out.
    const kinds = await import("./kinds");
    kinds.registerKind({ type: "Agent", publish: (await import("../agent/publish-adapter")).agentPublishAdapter });
    kinds.registerKind({ type: "Workflow" });
    const { adapterFor } = await import("../publish/adapter");
    const { AppError: FreshAppError } = await import("#server/core");
    for (const [type, message] of [["Workflow", "工作流不存在"]] as const) {
      let thrown: unknown;
      try {
        adapterFor(type);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(FreshAppError);
      expect((thrown as AppError).code).toBe(Codes.NOT_FOUND);
      expect((thrown as AppError).message).toBe(message);
    }
    expect(adapterFor("Agent")).toBeDefined();
  });

  it("offers a registered tool factory's tool to the model, and none for a kind without one", async () => {
    const { kinds, tools } = await freshModules();
    const execute = vi.fn(async () => "ok");
    kinds.registerKind({
      type: "Plugin",
      toolFactory: (component) => ({
        name: `plugin_${component.targetId}`,
        label: component.name,
        type: component.type,
        targetId: component.targetId,
        componentId: component.id,
        description: component.description,
        inputSchema: { type: "object" },
        mode: "ON_DEMAND",
        exceptionOut: false,
        fallbackMsg: "",
        execute,
      }),
    });
    kinds.registerKind({ type: "Table" });
    const turn = await tools.toolsForTurn(
      snapshotWith([
        { id: 1, type: "Plugin", targetId: 7, name: "天气", description: "查天气", bindConfig: {} },
        { id: 2, type: "Table", targetId: 8, name: "表", description: "", bindConfig: {} },
      ]),
      new Set(),
      { deps: {} as Deps, tenantId: 1, userId: 1, agentId: 1, devMode: false },
    );
    expect(turn.auto).toEqual([]);
    expect(turn.onDemand.map((t) => t.name)).toEqual(["plugin_7"]);
  });

  it("refuses registrations that contradict the descriptor, and a kind registered twice", async () => {
    const { kinds } = await freshModules();
    const factory = () => null;
    expect(() => kinds.registerKind({ type: "Model", toolFactory: factory })).toThrow(/not a tool/);
    const adapter = {} as NonNullable<Parameters<typeof kinds.registerKind>[0]["publish"]>;
    expect(() => kinds.registerKind({ type: "Knowledge", publish: adapter })).toThrow(/not publishable/);
    kinds.registerKind({ type: "Knowledge" });
    expect(() => kinds.registerKind({ type: "Knowledge" })).toThrow(/twice/);
  });

  it("fails loudly when nothing registered the kinds, instead of treating every kind as unplugged", async () => {
    const { kinds } = await freshModules();
    expect(() => kinds.toolFactoryOf("Plugin")).toThrow(/not registered/);
  });

  it("refuses a binding to a kind without a resolver, and a non-positive target, without asking anyone", async () => {
    const { kinds } = await freshModules();
    const resolver = vi.fn(async () => ({ id: 3, name: "m", icon: "", description: "", config: {} }));
    kinds.registerKind({ type: "Model", resolver });
    kinds.registerKind({ type: "Plugin" });
    const deps = {} as Deps;
    expect(await kinds.resolveTarget(deps, "Plugin", 1, 1, 5)).toBeNull();
    expect(await kinds.resolveTarget(deps, "Model", 1, 1, 0)).toBeNull();
    expect(resolver).not.toHaveBeenCalled();
    expect(await kinds.resolveTarget(deps, "Model", 1, 1, 3)).toMatchObject({ id: 3 });
    expect(resolver).toHaveBeenCalledWith(deps, 1, 1, 3);
  });
});
