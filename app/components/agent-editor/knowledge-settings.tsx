import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { Form, useFetcher } from "react-router";
import { z } from "zod";
import { Button } from "#app/components/ui/button";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { idField, requiredNumber } from "#app/lib/forms";
import { knowledgeInvokeTypeLabels, noneRecallReplyLabels, optionsOf, searchStrategyLabels } from "#app/lib/labels";
import { knowledgeBindSchema } from "#contract/components";

const bind = knowledgeBindSchema.shape;

/** The binding settings form: the contract's knowledge bindConfig rules, with the form's words for empty fields. */
export const knowledgeBindForm = z
  .object({
    componentId: idField(),
    invokeType: bind.invokeType.unwrap(),
    searchStrategy: bind.searchStrategy.unwrap(),
    maxRecallCount: requiredNumber("请输入 1–10 的整数", bind.maxRecallCount.unwrap()),
    matchingDegree: requiredNumber("请输入 0.01–0.99 之间的数", bind.matchingDegree.unwrap()),
    noneRecallReplyType: bind.noneRecallReplyType.unwrap(),
    noneRecallReply: bind.noneRecallReply.unwrap().optional(),
  })
  .refine((v) => v.noneRecallReplyType !== "CUSTOM" || Boolean(v.noneRecallReply?.trim()), {
    message: "请输入没有召回内容时的回复",
    path: ["noneRecallReply"],
  });

export type KnowledgeBind = z.output<typeof knowledgeBindSchema>;

/** A bound knowledge base's stored settings with the contract's defaults filled in. */
export const knowledgeBindOf = (bindConfig: unknown): KnowledgeBind =>
  knowledgeBindSchema.catch(knowledgeBindSchema.parse({})).parse(bindConfig ?? {});

/** Where a binding's settings are saved (and shown as a page of their own without JavaScript). */
export const knowledgeBindingPath = (c: { spaceId: number; agentId: number; id: number }) =>
  `/space/${c.spaceId}/agent/${c.agentId}/knowledge-binding/${c.id}`;

export interface KnowledgeBindingReply {
  result: SubmissionResult<string[]>;
}

interface KnowledgeSettingsProps {
  component: { id: number; spaceId: number; agentId: number; name: string; bindConfig: unknown };
  /** The reply of a plain POST (the binding page without JavaScript). */
  lastResult?: SubmissionResult<string[]>;
  /** On the binding's own page the form posts as a page, not through a fetcher. */
  standalone?: boolean;
}

function Choice<K extends string>({
  name,
  labels,
  initial,
  legend,
}: {
  name: string;
  labels: Record<K, string>;
  initial: string | undefined;
  legend: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 font-medium text-gray-800">{legend}</legend>
      <div className="flex gap-1 rounded-md bg-gray-100 p-1">
        {(Object.keys(labels) as K[]).map((value) => (
          <label
            key={value}
            className={clsx(
              "flex-1 cursor-pointer rounded px-2 py-1 text-center text-[13px] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-500",
              "has-[:checked]:bg-white has-[:checked]:font-medium has-[:checked]:text-primary-700 has-[:checked]:shadow-sm",
            )}
          >
            <input type="radio" name={name} value={value} defaultChecked={initial === value} className="sr-only" />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A bound knowledge base's settings: 自动调用 / 按需调用, search strategy, 召回数量, 匹配度 and the reply when
 * nothing is recalled. Saved with 保存 through the component update path; works without JavaScript.
 */
export function KnowledgeSettings({ component, lastResult, standalone = false }: KnowledgeSettingsProps) {
  const fetcher = useFetcher<KnowledgeBindingReply>({ key: `knowledge-binding-${component.id}` });
  const current = knowledgeBindOf(component.bindConfig);
  const [form, fields] = useForm({
    id: `knowledge-binding-${component.id}`,
    lastResult: standalone ? lastResult : (fetcher.data?.result ?? lastResult),
    defaultValue: {
      componentId: String(component.id),
      invokeType: current.invokeType,
      searchStrategy: current.searchStrategy,
      maxRecallCount: String(current.maxRecallCount),
      matchingDegree: String(current.matchingDegree),
      noneRecallReplyType: current.noneRecallReplyType,
      noneRecallReply: current.noneRecallReply,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: knowledgeBindForm }),
  });
  const FormTag = standalone ? Form : fetcher.Form;
  const busy = fetcher.state !== "idle";
  const custom = (fields.noneRecallReplyType.value ?? current.noneRecallReplyType) === "CUSTOM";
  return (
    <FormTag
      method="post"
      action={knowledgeBindingPath(component)}
      preventScrollReset
      {...getFormProps(form)}
      aria-label={`${component.name}的检索设置`}
      className="flex flex-col gap-3"
    >
      <input {...getInputProps(fields.componentId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Choice
        legend="调用方式"
        name={fields.invokeType.name}
        labels={knowledgeInvokeTypeLabels}
        initial={fields.invokeType.initialValue}
      />
      <p className="-mt-1.5 text-[13px] text-gray-500">
        自动调用：每轮对话先检索，把命中的内容放进提示词；按需调用：由模型判断何时检索。
      </p>
      <Field label="搜索策略" field={fields.searchStrategy}>
        <Select {...getSelectProps(fields.searchStrategy)} options={optionsOf(searchStrategyLabels)} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="召回数量" field={fields.maxRecallCount} hint="1–10">
          <Input {...getInputProps(fields.maxRecallCount, { type: "number" })} min={1} max={10} step={1} />
        </Field>
        <Field label="匹配度" field={fields.matchingDegree} hint="0.01–0.99，越高越严格">
          <Input {...getInputProps(fields.matchingDegree, { type: "number" })} min={0.01} max={0.99} step={0.01} />
        </Field>
      </div>
      <Choice
        legend="无召回回复"
        name={fields.noneRecallReplyType.name}
        labels={noneRecallReplyLabels}
        initial={fields.noneRecallReplyType.initialValue}
      />
      <Field
        label="自定义回复"
        field={fields.noneRecallReply}
        hint={custom ? "知识库中没有找到相关内容时，直接这样回复" : "选择“自定义”后生效"}
      >
        <Textarea {...getTextareaProps(fields.noneRecallReply)} rows={2} maxLength={1000} />
      </Field>
      <div>
        <Button type="submit" size="sm" variant="secondary" loading={busy}>
          保存设置
        </Button>
      </div>
    </FormTag>
  );
}
