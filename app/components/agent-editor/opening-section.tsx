import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Plus, X } from "lucide-react";
import type { ReactNode } from "react";
import type { AgentDto } from "#contract/api/agent-dto";
import { Button } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { SectionForm, useEditorForm, useScheduleSave } from "./autosave";
import { editorSchemas } from "./schemas";

const MAX_QUESTIONS = 10;

/** 开场白: the first message of a conversation and the question chips shown under it. */
export function OpeningSection({ agent }: { agent: AgentDto }) {
  const { fetcher, form, fields } = useEditorForm("opening", editorSchemas.opening, {
    openingChatMsg: agent.openingChatMsg,
    questions: agent.guidQuestionDtos.filter((q) => q.type === "Question").map((q) => q.info),
  });
  const rows = fields.questions.getFieldList();
  return (
    <SectionForm fetcher={fetcher} intent="opening" formProps={getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="开场白文案" field={fields.openingChatMsg}>
        <Textarea
          {...getTextareaProps(fields.openingChatMsg)}
          rows={3}
          maxLength={5000}
          placeholder="对话开始时智能体说的第一句话"
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 font-medium text-gray-800">开场问题</legend>
        {rows.length === 0 ? (
          <p className="text-[13px] text-gray-500">还没有开场问题，用户可以点击它们直接提问。</p>
        ) : null}
        {rows.map((row, index) => (
          <ListRow
            key={row.key}
            label={`开场问题 ${index + 1}`}
            errors={row.errors}
            removeProps={form.remove.getButtonProps({ name: fields.questions.name, index })}
          >
            <Input {...getInputProps(row, { type: "text" })} aria-label={`开场问题 ${index + 1}`} maxLength={200} />
          </ListRow>
        ))}
        {fields.questions.errors?.length ? (
          <p className="text-[13px] text-danger-600">{fields.questions.errors[0]}</p>
        ) : null}
        {rows.length < MAX_QUESTIONS ? (
          <div>
            <Button variant="secondary" size="sm" {...form.insert.getButtonProps({ name: fields.questions.name })}>
              <Plus className="size-4" aria-hidden />
              添加问题
            </Button>
          </div>
        ) : null}
      </fieldset>
    </SectionForm>
  );
}

interface ListRowProps {
  label: string;
  errors?: string[];
  /** conform's remove button (a submit button: a server round trip without JavaScript, instant with it). */
  removeProps: { name: string; value: string; form: string; formNoValidate: boolean };
  children: ReactNode;
}

/** A row of an editable list with its 删除 button; removing a row saves the section like an edit does. */
export function ListRow({ label, errors, removeProps, children }: ListRowProps) {
  const schedule = useScheduleSave();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-2">{children}</div>
        <Button variant="ghost" size="sm" type="submit" {...removeProps} onClick={schedule} aria-label={`删除${label}`}>
          <X className="size-4" aria-hidden />
        </Button>
      </div>
      {errors?.length ? <p className="text-[13px] text-danger-600">{errors[0]}</p> : null}
    </div>
  );
}
