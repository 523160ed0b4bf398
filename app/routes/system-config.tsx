import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { PageHeader } from "../components/page-header";
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
import type { SelectOption } from "../components/ui/select";
import { Tabs } from "../components/ui/tabs";
import { firstInvalidField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/system-config";
import { groupOf, listConfig, referenceOptions, saveConfigGroup } from "./system-config.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "系统配置");

export async function loader({ request, context }: Route.LoaderArgs) {
  const group = groupOf(new URL(request.url).searchParams.get("tab"));
  const [all, options] = await Promise.all([listConfig(context, request), referenceOptions(context, request, group)]);
  return { group, items: all.filter((i) => i.category === group), options };
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveConfigGroup(context, request);
}

/** Tenant settings, one tab per group; saving one tab sends only its settings. */
export default function SystemConfigPage({ loaderData, actionData }: Route.ComponentProps) {
  const { group, items, options } = loaderData;
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

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
