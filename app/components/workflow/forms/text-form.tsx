import { Plus, Trash2 } from "lucide-react";
import { buttonClass } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/input";
import { InputArgs } from "./args";
import { TemplateField } from "./template-field";
import {
  addSplit,
  MAX_SPLITS,
  modeOf,
  removeSplit,
  setMode,
  setSplit,
  splitsOf,
  textInputNames,
  validateText,
} from "./text";
import type { KindForm, KindFormProps } from "./types";
import { RadioGroup, Section, TextField } from "./widgets";

/** 文本处理: joins the inputs into one text (a template; arrays joined by a separator) or splits one text into a list. */
function TextForm({ config, set, ctx }: KindFormProps) {
  const mode = modeOf(config);
  const splits = splitsOf(config);
  return (
    <>
      <RadioGroup
        label="处理方式"
        value={mode}
        options={[
          { value: "CONCAT", label: "字符串拼接" },
          { value: "SPLIT", label: "字符串分隔" },
        ]}
        onChange={(v) => set(setMode(v))}
      />
      <InputArgs config={config} set={set} ctx={ctx} />
      {mode === "CONCAT" ? (
        <>
          <TemplateField
            label="拼接文本"
            value={typeof config.text === "string" ? config.text : ""}
            onChange={(text) => set({ text })}
            names={textInputNames(config)}
          />
          <TextField
            label="数组连接符"
            hint="输入参数是数组时用它连接各项，\n 表示换行"
            value={typeof config.join === "string" ? config.join : ""}
            maxLength={100}
            onChange={(join) => set({ join })}
          />
        </>
      ) : (
        <Section
          title="分隔符"
          hint="可设置多个，\n 表示换行，\t 表示制表符"
          actions={
            <button
              type="button"
              onClick={() => set({ splits: addSplit(splits) })}
              disabled={splits.length >= MAX_SPLITS}
              className={buttonClass("secondary", "sm")}
            >
              <Plus className="size-4" aria-hidden />
              添加分隔符
            </button>
          }
        >
          <ul className="flex flex-col gap-1.5">
            {splits.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: separators are plain strings that may repeat while typed
              <li key={i} className="flex gap-1">
                <input
                  aria-label={`分隔符 ${i + 1}`}
                  value={s}
                  maxLength={100}
                  onChange={(e) => set({ splits: setSplit(splits, i, e.target.value) })}
                  className={`${controlClass} h-8 text-[13px]`}
                />
                <button
                  type="button"
                  onClick={() => set({ splits: removeSplit(splits, i) })}
                  className={buttonClass("ghost", "sm", "text-danger-700")}
                  aria-label={`删除分隔符 ${i + 1}`}
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}

export const textForm: KindForm = {
  Form: TextForm,
  validate: (node, references) => validateText(node.nodeConfig ?? {}, references),
};
