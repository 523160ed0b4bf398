import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { ListChecks, Plus } from "lucide-react";
import { Link } from "react-router";
import type { LibraryItem } from "#app/routes/agent-editor.server";
import type { ComponentDto } from "#contract/api/agent-dto";
import type { TriggerStateDto } from "#contract/api/trigger";
import { TriggerEnableRow, TriggerStateBadge } from "../trigger/trigger-state";
import { describeTrigger } from "../trigger/trigger-text";
import { Button } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { useEditorForm } from "./autosave";
import { BoundList } from "./component-section";
import { editorSchemas } from "./schemas";

interface TriggerSectionProps {
  /** The agent's page of triggers: schedules, tokens, argument schemas and run logs. */
  managePath: string;
  bound: ComponentDto[];
  /** Whether each trigger runs and how it last went, by component id. */
  states: Record<number, TriggerStateDto>;
  /** The space's plugins and workflows: what a trigger can run. */
  targets: LibraryItem[];
}

const describe = (item: ComponentDto) => {
  const bind = item.bindConfig as Parameters<typeof describeTrigger>[0];
  const when = describeTrigger(bind);
  return bind.componentName ? `${when} · 执行 ${bind.componentName}` : when;
};

/** Triggers run a plugin or workflow on a schedule (cron) or when an event arrives. */
export function TriggerSection({ managePath, bound, states, targets }: TriggerSectionProps) {
  // 启用 posts to the triggers page, which shows the token an EVENT trigger gets (once) and the outcome.
  const stateOf = (item: ComponentDto) => (
    <div className="flex flex-wrap items-center gap-2 text-[13px]">
      <TriggerStateBadge state={states[item.id]} />
      <TriggerEnableRow id={item.id} name={item.name} state={states[item.id]} action={managePath} />
    </div>
  );
  return (
    <div className="flex flex-col gap-3">
      <BoundList items={bound} detail={describe} extra={stateOf} />
      <Link to={managePath} className="inline-flex items-center gap-1 text-[13px] text-primary-700 hover:underline">
        <ListChecks className="size-4" aria-hidden />
        管理触发器（时区、事件参数、令牌、运行记录）
      </Link>
      {targets.length === 0 ? (
        <div className="rounded-md border border-gray-300 border-dashed px-3 py-3 text-[13px]">
          <p className="font-medium text-gray-700">空间中还没有插件或工作流</p>
          <p className="text-gray-500">
            触发器按时间或事件运行一个插件或工作流，先在组件库中创建它们，再回到这里添加触发器。
          </p>
        </div>
      ) : (
        <AddTriggerForm targets={targets} />
      )}
    </div>
  );
}

function AddTriggerForm({ targets }: { targets: LibraryItem[] }) {
  const options = targets.map((t) => ({
    value: `${t.type === "Plugin" ? "PLUGIN" : "WORKFLOW"}:${t.id}`,
    label: `${t.type === "Plugin" ? "插件" : "工作流"} · ${t.name}`,
  }));
  const { fetcher, form, fields } = useEditorForm("trigger-add", editorSchemas["trigger-add"], {
    triggerType: "TIME",
    target: options[0]?.value ?? "",
  });
  return (
    <fetcher.Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="trigger-add" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="触发器名称" field={fields.name}>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={64} />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label="触发方式" field={fields.triggerType}>
          <Select
            {...getSelectProps(fields.triggerType)}
            options={[
              { value: "TIME", label: "定时触发" },
              { value: "EVENT", label: "事件触发" },
            ]}
          />
        </Field>
        <Field label="cron 表达式" field={fields.cronExpression} hint="定时触发时填写，如 0 9 * * *">
          <Input {...getInputProps(fields.cronExpression, { type: "text" })} maxLength={100} />
        </Field>
      </div>
      <Field label="执行" field={fields.target}>
        <Select {...getSelectProps(fields.target)} options={options} />
      </Field>
      <div>
        <Button type="submit" variant="secondary" loading={fetcher.state !== "idle"}>
          <Plus className="size-4" aria-hidden />
          添加触发器
        </Button>
      </div>
    </fetcher.Form>
  );
}
