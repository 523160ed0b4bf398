import { type FormEvent, type ReactNode, useMemo, useState } from "react";
import { Form } from "react-router";
import type { PluginInfo } from "#contract/api/plugin";
import { FormErrors } from "../ui/field";
import { rowsOf } from "./arg-rows";
import {
  checkCode,
  checkHttp,
  draftOf,
  type EditorReply,
  type FieldErrors,
  type FormPart,
  firstErrorField,
  readDraft,
} from "./plugin-form";
import { PLUGIN_FORM_ID } from "./plugin-header";

/**
 * What a plugin page shows after a reply: the posted draft with its errors (or the saved plugin), the newest
 * 试运行 outcome, and output args parsed with JavaScript (which replace the table's rows in place).
 */
export function usePluginReplies(plugin: PluginInfo, actionData?: EditorReply, fetcherData?: EditorReply) {
  const draft = actionData?.draft ?? draftOf(plugin);
  const errors = actionData?.errors;
  const formError = actionData?.intent === "save" ? actionData.formError : undefined;
  const runReply = (r?: EditorReply) => (r && (r.intent === "test" || r.intent === "analyze") ? r : undefined);
  const [a, b] = [runReply(actionData), runReply(fetcherData)];
  const testReply = a && b ? ((a.at ?? 0) > (b.at ?? 0) ? a : b) : (a ?? b);
  const analyzed = fetcherData?.intent === "analyze" ? fetcherData.analyzed : undefined;
  const analyzedAt = fetcherData?.at;
  const replaceOutputs = useMemo(
    () => (analyzed ? { at: analyzedAt ?? 0, rows: rowsOf(analyzed, `a${analyzedAt}`) } : undefined),
    [analyzed, analyzedAt],
  );
  return {
    draft,
    errors,
    focus: firstErrorField(errors),
    formError,
    // A new server reply (or a save) starts the form over from what it says.
    version: `${plugin.modified}|${actionData?.at ?? ""}`,
    replaceOutputs,
    testReply,
  };
}

interface PluginFormProps {
  plugin: PluginInfo;
  part: FormPart;
  errors?: FieldErrors;
  formError?: string;
  children: (errors: FieldErrors | undefined) => ReactNode;
}

/**
 * The page's main form. Without JavaScript it posts as it is (the action checks and answers); with it, 保存 is
 * checked here first by the same contract rules, and the first field in error gets focus.
 */
export function PluginForm({ plugin, part, errors, formError, children }: PluginFormProps) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== "save") return;
    const draft = readDraft(new FormData(event.currentTarget, submitter), part, draftOf(plugin));
    const checked = plugin.type === "HTTP" ? checkHttp(plugin.id, draft) : checkCode(plugin.id, draft);
    if (checked.ok) {
      setClientErrors(undefined);
      return;
    }
    event.preventDefault();
    setClientErrors(checked.errors);
    const first = firstErrorField(checked.errors);
    const field = first ? event.currentTarget.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  };
  const shown = clientErrors ?? errors;
  return (
    <Form
      id={PLUGIN_FORM_ID}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex min-w-0 flex-col gap-6 rounded-card border border-gray-200 bg-white p-5"
    >
      <input type="hidden" name="part" value={part} />
      <FormErrors errors={formError ? [formError] : undefined} />
      {shown && Object.keys(shown).length ? (
        <p role="alert" className="text-[13px] text-danger-600">
          有 {Object.keys(shown).length} 处需要修改，见下方标红的字段。
        </p>
      ) : null}
      {children(shown)}
    </Form>
  );
}
