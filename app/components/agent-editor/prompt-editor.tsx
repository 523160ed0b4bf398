import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Braces } from "lucide-react";
import { useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Arg } from "#contract/args";
import { PromptOptimizer } from "../chat/prompt-optimizer";
import { Textarea } from "../ui/textarea";
import { SectionForm, useEditorForm } from "./autosave";
import { editorSchemas } from "./schemas";

interface PromptEditorProps {
  agentId: number;
  systemPrompt: string;
  /** The agent's own variables, then the read-only system ones. */
  variables: { own: Arg[]; system: Arg[] };
}

/** The system prompt; variables go in as {{name}} at the cursor (with JavaScript) or are listed for copying. */
export function PromptEditor({ agentId, systemPrompt, variables }: PromptEditorProps) {
  const hydrated = useHydrated();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { fetcher, form, fields } = useEditorForm("prompt", editorSchemas.prompt, { systemPrompt });

  const insert = (name: string) => {
    const el = textarea.current;
    if (!el) return;
    el.focus();
    el.setRangeText(`{{${name}}}`, el.selectionStart, el.selectionEnd, "end");
    // Let conform and the autosave see the change as if it were typed.
    el.dispatchEvent(new Event("input", { bubbles: true }));
  };

  return (
    <SectionForm
      fetcher={fetcher}
      intent="prompt"
      formProps={getFormProps(form)}
      className="flex min-h-0 flex-1 flex-col gap-3"
    >
      <div className="flex items-center justify-between">
        <label htmlFor={fields.systemPrompt.id} className="font-semibold">
          人设与回复逻辑
        </label>
        <span className="flex items-center gap-2 text-[13px] text-gray-500">
          用 {"{{变量名}}"} 引用变量
          <PromptOptimizer id={agentId} targetId={fields.systemPrompt.id} />
        </span>
      </div>
      <Textarea
        {...getTextareaProps(fields.systemPrompt)}
        ref={textarea}
        rows={18}
        maxLength={20_000}
        placeholder="描述智能体的角色、任务和回复要求，例如：你是一位耐心的学习伙伴……"
        className="min-h-80 flex-1 resize-none leading-relaxed"
      />
      {fields.systemPrompt.errors?.length ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {fields.systemPrompt.errors[0]}
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <p className="flex items-center gap-1 font-medium text-[13px] text-gray-600">
          <Braces className="size-4" aria-hidden />
          {hydrated ? "插入变量（点击插入到光标处）" : "可用变量（复制到提示词中使用）"}
        </p>
        <VariableChips
          title="智能体变量"
          list={variables.own}
          hydrated={hydrated}
          onPick={insert}
          empty="还没有变量，可在左侧「变量」中添加"
        />
        <VariableChips title="系统变量" list={variables.system} hydrated={hydrated} onPick={insert} />
      </div>
    </SectionForm>
  );
}

interface VariableChipsProps {
  title: string;
  list: Arg[];
  hydrated: boolean;
  onPick: (name: string) => void;
  empty?: string;
}

function VariableChips({ title, list, hydrated, onPick, empty }: VariableChipsProps) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="text-[13px] text-gray-500">{title}：</span>
      {list.length === 0 && empty ? <span className="text-[13px] text-gray-400">{empty}</span> : null}
      {list.map((v) => {
        const label = v.displayName ? `${v.displayName} · ${v.name}` : v.name;
        return hydrated ? (
          <button
            key={v.name}
            type="button"
            onClick={() => onPick(v.name)}
            title={v.description || undefined}
            aria-label={`插入变量 ${v.name}`}
            className="rounded border border-gray-200 bg-gray-50 px-1.5 py-0.5 text-[13px] hover:border-primary-500 hover:text-primary-700"
          >
            {label}
          </button>
        ) : (
          <code
            key={v.name}
            title={v.description || undefined}
            className="rounded bg-gray-100 px-1.5 py-0.5 text-[13px]"
          >
            {`{{${v.name}}}`}
          </code>
        );
      })}
    </div>
  );
}
