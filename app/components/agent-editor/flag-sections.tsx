import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Field, FormErrors } from "../ui/field";
import { Switch } from "../ui/switch";
import { Textarea } from "../ui/textarea";
import { SectionForm, useEditorForm } from "./autosave";
import { editorSchemas } from "./schemas";

type FlagIntent = "memory" | "filebox" | "schedule";

interface FlagFormProps {
  intent: FlagIntent;
  on: boolean;
  label: string;
}

/** One Open/Close option (长期记忆, 文件盒, 定时任务): a switch that saves itself. */
export function FlagForm({ intent, on, label }: FlagFormProps) {
  const { fetcher, form, fields } = useEditorForm(intent, editorSchemas[intent], { on: on ? "on" : undefined });
  return (
    <SectionForm fetcher={fetcher} intent={intent} formProps={getFormProps(form)} className="flex flex-col gap-2">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Switch label={label} name={fields.on.name} id={fields.on.id} defaultChecked={on} key={fields.on.key} />
    </SectionForm>
  );
}

/** 用户问题建议: on/off and the prompt that shapes the suggested follow-up questions. */
export function SuggestForm({ on, suggestPrompt }: { on: boolean; suggestPrompt: string }) {
  const { fetcher, form, fields } = useEditorForm("suggest", editorSchemas.suggest, {
    on: on ? "on" : undefined,
    suggestPrompt,
  });
  return (
    <SectionForm fetcher={fetcher} intent="suggest" formProps={getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Switch
        label="开启用户问题建议"
        name={fields.on.name}
        id={fields.on.id}
        defaultChecked={on}
        key={fields.on.key}
      />
      <Field
        label="建议生成提示词（选填）"
        field={fields.suggestPrompt}
        hint="例如：建议的问题要简短，围绕用户刚才的话题"
      >
        <Textarea {...getTextareaProps(fields.suggestPrompt)} rows={3} maxLength={5000} />
      </Field>
    </SectionForm>
  );
}
