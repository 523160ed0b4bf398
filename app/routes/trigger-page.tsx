import { ArrowLeft, KeyRound, Plus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { LiveRunLog } from "#app/components/trigger/run-log";
import { TriggerEnableRow, TriggerStateBadge } from "#app/components/trigger/trigger-state";
import { curlExample, describeTrigger } from "#app/components/trigger/trigger-text";
import { Button } from "#app/components/ui/button";
import { Card } from "#app/components/ui/card";
import { FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { pageTitle } from "#app/lib/meta";
import type { Route } from "./+types/trigger-page";
import { loadTriggers, type TriggerReply, triggerAction } from "./trigger-page.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "触发器");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadTriggers(context, request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return triggerAction(context, request, params);
}

const label = "flex flex-col gap-1 text-[13px] text-gray-700";

/** The token and webhook shown once, after adding an EVENT trigger or rotating its token. */
function Secret({ secret }: { secret: Extract<TriggerReply, { secret: unknown }>["secret"] }) {
  return (
    <Card title="事件触发器令牌" description="令牌只显示这一次，请立即保存；遗失后可重置令牌。">
      <div className="flex flex-col gap-2 text-[13px]" data-testid="trigger-secret">
        <p>
          令牌：<code className="break-all font-mono">{secret.token}</code>
        </p>
        <p>
          网络钩子：<code className="break-all font-mono">{secret.webhookUrl}</code>
        </p>
        <pre className="overflow-x-auto rounded-md bg-gray-900 p-3 font-mono text-[12px] text-gray-100">
          {curlExample(secret.webhookUrl, secret.token, secret.args)}
        </pre>
      </div>
    </Card>
  );
}

function AddForm({ loaderData, reply }: { loaderData: Route.ComponentProps["loaderData"]; reply?: TriggerReply }) {
  const busy = useNavigation().state === "submitting";
  const presets = loaderData.zones.cronExpScopes.flatMap((s) =>
    s.cronExps.map((c) => ({ value: c.expression, label: `${s.scope} · ${c.day}` })),
  );
  const zones = loaderData.zones.utcTimeZones.flatMap((g) =>
    g.timeZones.map((z) => ({ value: z.timeZone, label: `(${g.utc}) ${z.name}` })),
  );
  const error = reply && "error" in reply ? reply.error : null;
  return (
    <Card title="添加触发器" description="定时触发按 cron 运行；事件触发由网络钩子调用。触发后执行一个插件或工作流。">
      <Form method="post" className="flex flex-col gap-3" aria-label="添加触发器">
        <input type="hidden" name="intent" value="add" />
        {error ? <FormErrors errors={[error]} /> : null}
        <div className="grid gap-3 md:grid-cols-2">
          <label className={label} htmlFor="trigger-name">
            触发器名称
            <Input id="trigger-name" name="name" required maxLength={64} />
          </label>
          <label className={label} htmlFor="trigger-triggerType">
            触发方式
            <Select
              id="trigger-triggerType"
              name="triggerType"
              defaultValue="TIME"
              options={[
                { value: "TIME", label: "定时触发" },
                { value: "EVENT", label: "事件触发" },
              ]}
            />
          </label>
          <label className={label} htmlFor="trigger-cronPreset">
            常用时间（定时）
            <Select id="trigger-cronPreset" name="cronPreset" defaultValue="0 9 * * *" options={presets} />
          </label>
          <label className={label} htmlFor="trigger-cronExpression">
            cron 表达式（填写时优先于常用时间）
            <Input
              id="trigger-cronExpression"
              name="cronExpression"
              placeholder="如 0 9 * * 1-5，或 6 段含秒"
              maxLength={100}
            />
          </label>
          <label className={label} htmlFor="trigger-timeZone">
            时区
            <Select id="trigger-timeZone" name="timeZone" defaultValue="Asia/Shanghai" options={zones} />
          </label>
          <label className={label} htmlFor="trigger-target">
            执行
            <Select id="trigger-target" name="target" options={loaderData.targets} />
          </label>
          <label className={label} htmlFor="trigger-eventArgs">
            事件参数（事件触发；每行 参数名:类型[:必填]）
            <Textarea
              id="trigger-eventArgs"
              name="eventArgs"
              rows={3}
              placeholder={"city:String:必填\ncount:Integer"}
            />
          </label>
          <label className={label} htmlFor="trigger-argBinds">
            目标参数（每行 参数名=值，或 参数名=@事件参数）
            <Textarea id="trigger-argBinds" name="argBinds" rows={3} placeholder={"city=@city\nlang=zh"} />
          </label>
        </div>
        <div>
          <Button type="submit" loading={busy} disabled={!loaderData.targets.length}>
            <Plus className="size-4" aria-hidden />
            添加触发器
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** 触发器: an agent's triggers in words and whether they run, adding one, its token, and each trigger's run log. */
export default function TriggerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, triggers, states, selected, runs } = loaderData;
  const reply = actionData as TriggerReply | undefined;
  const base = `/space/${agent.spaceId}/agent/${agent.id}/triggers`;
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <Link
        to={`/space/${agent.spaceId}/agent/${agent.id}`}
        className="inline-flex items-center gap-1 text-[13px] text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        返回智能体「{agent.name}」
      </Link>
      <h1 className="font-semibold text-xl">触发器</h1>
      {reply && "secret" in reply ? <Secret secret={reply.secret} /> : null}
      {reply && "notice" in reply ? (
        <p role={reply.failed ? "alert" : "status"} className={reply.failed ? "text-red-700" : "text-success-700"}>
          {reply.notice}
        </p>
      ) : null}
      <Card title="已添加的触发器">
        {triggers.length ? (
          <ul className="flex flex-col divide-y divide-gray-100 text-[13px]">
            {triggers.map((t) => {
              const bind = t.bindConfig as Parameters<typeof describeTrigger>[0];
              return (
                <li key={t.id} className="flex flex-wrap items-center gap-3 py-2">
                  <span className="font-medium">{t.name}</span>
                  <span className="text-gray-600">{describeTrigger(bind)}</span>
                  <span className="text-gray-500">
                    执行 {bind.componentName ?? (bind.componentType === "PLUGIN" ? "插件" : "工作流")}
                  </span>
                  <TriggerStateBadge state={states[t.id]} />
                  <Link to={`${base}?trigger=${t.id}`} className="text-primary-700 hover:underline">
                    运行记录
                  </Link>
                  {bind.triggerType === "EVENT" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="rotate" />
                      <input type="hidden" name="id" value={t.id} />
                      <Button type="submit" variant="ghost" size="sm">
                        <KeyRound className="size-3.5" aria-hidden />
                        重置令牌
                      </Button>
                    </Form>
                  ) : null}
                  <TriggerEnableRow id={t.id} name={t.name} state={states[t.id]} />
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-[13px] text-gray-500">还没有触发器。</p>
        )}
      </Card>
      {selected && runs ? (
        <Card title={`运行记录 · ${selected.name}`}>
          <LiveRunLog
            page={runs}
            pollUrl={`${base}/${selected.id}/runs?page=${runs.current}`}
            hrefFor={(p) => `${base}?trigger=${selected.id}&page=${p}`}
          />
        </Card>
      ) : null}
      <AddForm loaderData={loaderData} reply={reply} />
    </main>
  );
}
