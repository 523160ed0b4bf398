import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Plus } from "lucide-react";
import type { AgentDto } from "#contract/api/agent-dto";
import { Button } from "../ui/button";
import { FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { SectionForm, useEditorForm } from "./autosave";
import { ListRow } from "./opening-section";
import { editorSchemas } from "./schemas";

const MAX_SHORTCUTS = 20;

/** 快捷指令: named prompts shown above the chat input; clicking one sends its content. */
export function ShortcutSection({ shortcuts }: { shortcuts: AgentDto["shortcutInstructions"] }) {
  const { fetcher, form, fields } = useEditorForm("shortcuts", editorSchemas.shortcuts, { shortcuts });
  const rows = fields.shortcuts.getFieldList();
  return (
    <SectionForm fetcher={fetcher} intent="shortcuts" formProps={getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {rows.length === 0 ? <p className="text-[13px] text-gray-500">还没有快捷指令。</p> : null}
      {rows.map((row, index) => {
        const item = row.getFieldset();
        return (
          <ListRow
            key={row.key}
            label={`快捷指令 ${index + 1}`}
            errors={[...(item.name.errors ?? []), ...(item.content.errors ?? [])]}
            removeProps={form.remove.getButtonProps({ name: fields.shortcuts.name, index })}
          >
            <Input
              {...getInputProps(item.name, { type: "text" })}
              aria-label={`快捷指令 ${index + 1} 名称`}
              placeholder="名称，如 总结"
              maxLength={32}
            />
            <Textarea
              {...getTextareaProps(item.content)}
              aria-label={`快捷指令 ${index + 1} 内容`}
              placeholder="点击后发送的内容"
              rows={2}
              maxLength={2000}
            />
          </ListRow>
        );
      })}
      {rows.length < MAX_SHORTCUTS ? (
        <div>
          <Button variant="secondary" size="sm" {...form.insert.getButtonProps({ name: fields.shortcuts.name })}>
            <Plus className="size-4" aria-hidden />
            添加快捷指令
          </Button>
        </div>
      ) : null}
    </SectionForm>
  );
}
