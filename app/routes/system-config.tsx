import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { PageHeader } from "../components/page-header";
import { AgentPicker } from "../components/system/agent-picker";
import {
  ConfigInput,
  type ConfigItem,
  configDefaults,
  configGroups,
  configSchema,
} from "../components/system/config-fields";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FormErrors } from "../components/ui/field";
import { Input } from "../components/ui/input";
import type { SelectOption } from "../components/ui/select";
import { Tabs } from "../components/ui/tabs";
import { firstInvalidField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/system-config";
import { groupOf, listConfig, referenceOptions, saveConfigGroup } from "./system-config.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "系统配置");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const group = groupOf(url.searchParams.get("tab"));
  const agentKw = url.searchParams.get("agentKw")?.trim().slice(0, 64) ?? "";
  const all = await listConfig(context, request);
  const stored = all.find((i) => i.name === "defaultAgentId")?.value;
  const agentId = typeof stored === "number" ? String(stored) : "";
  const options = await referenceOptions(context, request, group, { agentId, agentKw });
  return { group, items: all.filter((i) => i.category === group), options, agentKw };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveConfigGroup(context, request);
}

/** Tenant settings, one tab per group; saving one tab sends only its settings. */
export default function SystemConfigPage({ loaderData, actionData }: Route.ComponentProps) {
  const { group, items, options, agentKw } = loaderData;
  const label = configGroups.find((g) => g.key === group)?.label ?? "";
  return (
    <>
      <PageHeader title="系统配置" description="站点、登录、发布审核、默认模型和邮件等设置，保存后立即生效。" />
      <div className="max-w-2xl">
        <Tabs
          label="配置分组"
          active={group}
          items={configGroups.map((g) => ({ key: g.key, label: g.label, to: `/system/config?tab=${g.key}` }))}
        />
      </div>
      {group === "AgentSetting" ? <AgentSearch agentKw={agentKw} /> : null}
      <Card title={`${label}设置`} className="max-w-3xl">
        <ConfigForm key={group} group={group} items={items} options={options} lastResult={actionData} />
      </Card>
    </>
  );
}

interface ConfigFormProps {
  group: string;
  items: ConfigItem[];
  options: Record<string, SelectOption[]>;
  lastResult: Route.ComponentProps["actionData"];
}

function ConfigForm({ group, items, options, lastResult }: ConfigFormProps) {
  const busy = useSubmitting("save");
  const [form, fields] = useForm({
    id: `config-${group}`,
    lastResult,
    defaultValue: configDefaults(items),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: configSchema(items) }),
  });
  const focus = firstInvalidField(lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="group" value={group} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {items.map((item) => {
        const field = fields[item.name];
        const error = field?.errors?.[0];
        const id = field?.id ?? item.name;
        const hintId = `${id}-hint`;
        return (
          <div key={item.name} className="flex flex-col gap-1.5">
            <label htmlFor={id} className="font-medium text-gray-800">
              {item.description}
            </label>
            {item.name === "defaultAgentId" ? (
              <AgentPicker
                id={id}
                name={item.name}
                initial={typeof field?.initialValue === "string" ? field.initialValue : ""}
                options={options[item.name] ?? []}
                invalid={Boolean(error)}
                describedBy={`${hintId} ${field?.errorId ?? ""}`}
                autoFocus={focus === item.name}
              />
            ) : (
              <ConfigInput
                item={item}
                id={id}
                name={item.name}
                initial={field?.initialValue}
                options={options[item.name]}
                invalid={Boolean(error)}
                describedBy={`${hintId} ${field?.errorId ?? ""}`}
                autoFocus={focus === item.name}
              />
            )}
            {item.notice ? (
              <p id={hintId} className="text-[13px] text-gray-500">
                {item.notice}
              </p>
            ) : null}
            <p id={field?.errorId} className="text-[13px] text-danger-600" role="alert" hidden={!error}>
              {error}
            </p>
          </div>
        );
      })}
      <div>
        <Button type="submit" loading={busy}>
          保存
        </Button>
      </div>
    </Form>
  );
}

/** Without JavaScript the agent select is narrowed by this search (a GET form: the query stays in the URL). */
function AgentSearch({ agentKw }: { agentKw: string }) {
  const hydrated = useHydrated();
  // With JavaScript the picker itself searches as you type.
  if (hydrated) return null;
  return (
    <Form method="get" className="flex max-w-3xl items-end gap-2" aria-label="搜索首页默认智能体">
      <input type="hidden" name="tab" value="AgentSetting" />
      <div className="flex flex-1 flex-col gap-1.5">
        <label htmlFor="agent-search" className="font-medium text-gray-800">
          搜索智能体
        </label>
        <Input
          id="agent-search"
          name="agentKw"
          type="search"
          defaultValue={agentKw}
          placeholder="输入名称，缩小下方「首页默认智能体」的选项"
        />
      </div>
      <Button type="submit" variant="secondary">
        搜索
      </Button>
    </Form>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
