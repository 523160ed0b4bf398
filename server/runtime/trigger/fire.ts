import { triggerBindSchema } from "#contract/components";
import type { Deps } from "#server/core";
import { findAgent, findComponent } from "#server/modules/agent";
// Targets resolve through the kind registry; `npm run worker` imports no routes, so this registers the kinds there.
import "#server/modules/component/registry";
import * as repo from "#server/modules/trigger";
import { type FireJob, scheduleName } from "#server/modules/trigger/queue";
import { openRunRecord } from "#server/modules/workflow/run-record";
import { spaceServices } from "#server/modules/workflow/test-run";
import type { Attempt } from "#server/runtime/jobs";
import { removeSchedule } from "#server/runtime/jobs/schedule";
import { loadToolPlugin } from "../agent/plugin-loader";
import type { ToolBuildContext } from "../agent/tools";
import { loadToolWorkflow } from "../agent/workflow-tool";
import { executePlugin } from "../plugin";
import { startWorkflow } from "../workflow";
import { boundInput } from "./args";

/** Guard on node executions of one triggered workflow run (loops included), as for chat runs. */
const MAX_STEPS = 20_000;

const AGENT_GONE = "触发器所属的智能体已删除，触发器已停止";
const targetGone = (kind: "PLUGIN" | "WORKFLOW") =>
  `触发器的目标${kind === "PLUGIN" ? "插件" : "工作流"}已删除、已下架或不再对该空间可用，触发器已停止`;

const TICK_INTERRUPTED = "运行中服务重启，本次未完成（不会重复执行）";

type Outcome = { ok: true; output: unknown } | { ok: false; error: string };

/**
 * Runs one firing of a trigger (the trigger-fire queue's handler): checks the trigger still stands, records the run
 * (TIME) or takes up the one the webhook recorded (EVENT), runs the target with the bound inputs and ends the run
 * SUCCESS or FAILED. A trigger whose agent or target is gone stops: its schedule is removed, a stop reason kept
 * (the webhook refuses with it), and the reason is the run's error.
 */
export async function fireTrigger(deps: Deps, job: FireJob, attempt: Attempt) {
  const { db } = deps;
  const component = await findComponent(db, job.tenantId, job.triggerId);
  const scheduledAt = new Date(job.scheduledAt);
  if (job.source === "TIME") {
    const earlier = await repo.findTickRun(db, job.triggerId, scheduledAt);
    if (earlier) {
      // The tick's job came again because the process running it died: a tick runs at most once (its target may
      // already have been called), so the interrupted run is closed instead of run a second time.
      if (earlier.status === "RUNNING") {
        await repo.updateRun(db, earlier.id, { status: "FAILED", endTime: new Date(), error: TICK_INTERRUPTED });
      }
      return;
    }
  }
  const run =
    job.source === "EVENT"
      ? await repo.findRun(db, job.runId)
      : component
        ? await repo.insertRun(db, {
            tenantId: job.tenantId,
            agentId: job.agentId,
            triggerId: job.triggerId,
            source: "TIME",
            scheduledAt,
            input: {},
          })
        : undefined;
  const finish = (outcome: Outcome) =>
    run &&
    repo.updateRun(db, run.id, {
      status: outcome.ok ? "SUCCESS" : "FAILED",
      endTime: new Date(),
      ...(outcome.ok ? { output: outcome.output } : { error: outcome.error }),
    });

  if (component?.type !== "Trigger") {
    await removeSchedule(deps, scheduleName(job.triggerId));
    if (await findAgent(db, job.tenantId, job.agentId)) {
      // Deleted on purpose (its schedule went with it): a firing already queued just ends.
      await finish({ ok: false, error: "触发器已删除" });
      return;
    }
    const failed = run ?? (await repo.insertRun(db, { ...runValues(job), input: {} }));
    await repo.updateRun(db, failed.id, { status: "FAILED", endTime: new Date(), error: AGENT_GONE });
    deps.log.warn({ triggerId: job.triggerId, agentId: job.agentId }, "trigger of a deleted agent stopped");
    return;
  }
  const state = await repo.findState(db, component.id);
  const bind = triggerBindSchema.parse(component.bindConfig);
  if (state?.stoppedReason || (job.source === "TIME" && bind.triggerType !== "TIME")) {
    await finish({ ok: false, error: state?.stoppedReason ?? "触发器已改为事件触发" });
    return;
  }
  const input = job.source === "TIME" ? boundInput(bind.argBindConfigs, {}) : (run?.input ?? {});
  if (run && job.source === "TIME") await repo.updateRun(db, run.id, { input });
  const agent = await findAgent(db, job.tenantId, job.agentId);
  if (!agent) return finish({ ok: false, error: AGENT_GONE });
  const ctx: ToolBuildContext = {
    deps,
    tenantId: job.tenantId,
    userId: agent.creatorId,
    agentId: agent.id,
    devMode: false,
  };
  let outcome: Outcome | null;
  try {
    outcome =
      bind.componentType === "PLUGIN"
        ? await runPlugin(ctx, bind.componentId, input, attempt.signal)
        : await runWorkflow(ctx, bind.componentId, input, attempt.signal);
  } catch (err) {
    // A bug or a lost database, not the target's failure: the run still ends, with no internals in its log.
    deps.log.error({ err, triggerId: component.id }, "trigger run failed");
    outcome = { ok: false, error: "触发器运行出错，请稍后重试" };
  }
  if (outcome === null) {
    const reason = targetGone(bind.componentType);
    await repo.saveState(db, component.id, { stoppedReason: reason });
    await removeSchedule(deps, scheduleName(component.id));
    await finish({ ok: false, error: reason });
    deps.log.warn({ triggerId: component.id }, "trigger whose target is gone stopped");
    return;
  }
  await finish(outcome);
}

const runValues = (job: FireJob) => ({
  tenantId: job.tenantId,
  agentId: job.agentId,
  triggerId: job.triggerId,
  source: job.source,
  scheduledAt: new Date(job.scheduledAt),
});

/** The plugin's live publication with the inputs; null when the target is gone. */
async function runPlugin(
  ctx: ToolBuildContext,
  pluginId: number,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Outcome | null> {
  const plugin = await loadToolPlugin(ctx, pluginId);
  if (!plugin) return null;
  const result = await executePlugin(
    ctx.deps,
    plugin.type === "HTTP"
      ? { type: "HTTP", pluginId: plugin.id, config: plugin.config, params, sysVars: {}, signal }
      : { type: "CODE", codeLang: plugin.codeLang, pluginId: plugin.id, config: plugin.config, params, sysVars: {} },
  );
  return result.success
    ? { ok: true, output: result.result.data }
    : { ok: false, error: result.error ?? "插件执行失败" };
}

/** The workflow's live publication with the inputs as its Start parameters; null when the target is gone. */
async function runWorkflow(
  ctx: ToolBuildContext,
  workflowId: number,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<Outcome | null> {
  const wf = await loadToolWorkflow(ctx, workflowId);
  if (!wf) return null;
  const stop = new AbortController();
  const run = startWorkflow(wf.graph, {
    services: spaceServices(ctx.deps, ctx.tenantId, wf.spaceId, null, ctx.userId),
    workflowId: wf.id,
    systemVariables: {
      SPACE_ID: wf.spaceId,
      AGENT_ID: ctx.agentId,
      SYS_USER_ID: ctx.userId,
      CURRENT_TIME: new Date().toISOString(),
    },
    signal: AbortSignal.any([signal, stop.signal]),
    maxSteps: MAX_STEPS,
    params,
    variables: {},
  });
  const record = await openRunRecord(
    ctx.deps,
    { workflowId: wf.id, userId: ctx.userId, requestId: `trigger-${crypto.randomUUID()}`, kind: "Workflow", params },
    () => stop.abort(new Error("运行已停止")),
  );
  for await (const event of run.events) record.event(event);
  const outcome = await run.done;
  await record.finish(outcome);
  if (!outcome.success) return { ok: false, error: outcome.message ?? "工作流运行失败" };
  const output = outcome.output ?? {};
  return {
    ok: true,
    output: outcome.outputContent !== undefined ? { ...output, outputContent: outcome.outputContent } : output,
  };
}
