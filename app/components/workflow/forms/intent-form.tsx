import { Plus, Trash2 } from "lucide-react";
import { buttonClass } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/input";
import { InputArgs } from "./args";
import { useEnsureDefaults } from "./ensure-defaults";
import { validateCommonArgs } from "./generic-form";
import {
  addIntent,
  intentsOf,
  MAX_INTENTS,
  needsIntentDefaults,
  removeIntent,
  setIntent,
  validateIntents,
} from "./intent";
import { ModelFields, validateModel } from "./model";
import type { KindForm, KindFormProps } from "./types";
import { Section, TextAreaField } from "./widgets";

/** 意图识别: the model, the text to classify, the intents (one port each, plus 其他意图), extra instructions. */
function IntentForm({ config, set, ctx }: KindFormProps) {
  useEnsureDefaults(needsIntentDefaults(config), () => ({ intentConfigs: intentsOf(config) }), set);
  const intents = intentsOf(config);
  const save = (intentConfigs: typeof intents) => set({ intentConfigs });
  return (
    <>
      <ModelFields config={config} set={set} models={ctx.options.models} />
      <InputArgs config={config} set={set} ctx={ctx} hint="要识别意图的内容" />
      <Section
        title="意图"
        hint={`最多 ${MAX_INTENTS} 个；没有匹配的意图时走「其他意图」。`}
        actions={
          <button
            type="button"
            onClick={() => save(addIntent(intents))}
            disabled={intents.length >= MAX_INTENTS}
            className={buttonClass("secondary", "sm")}
          >
            <Plus className="size-4" aria-hidden />
            添加意图
          </button>
        }
      >
        <ol className="flex flex-col gap-1.5">
          {intents.map((item, i) =>
            item.intentType === "OTHER" ? (
              <li key={item.uuid} className="px-1 text-[13px] text-gray-500">
                其他意图
              </li>
            ) : (
              <li key={item.uuid} className="flex gap-1">
                <input
                  aria-label={`意图 ${i + 1}`}
                  value={item.intent}
                  maxLength={1000}
                  placeholder="描述这个意图，例如：查询订单状态"
                  onChange={(e) => save(setIntent(intents, i, e.target.value))}
                  className={`${controlClass} h-8 text-[13px]`}
                />
                <button
                  type="button"
                  onClick={() => save(removeIntent(intents, i))}
                  className={buttonClass("ghost", "sm", "text-danger-700")}
                  aria-label={`删除意图 ${i + 1}`}
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ),
          )}
        </ol>
      </Section>
      <TextAreaField
        label="补充提示词"
        value={typeof config.systemPrompt === "string" ? config.systemPrompt : ""}
        onChange={(systemPrompt) => set({ systemPrompt })}
        placeholder="可选：给模型的额外说明"
      />
    </>
  );
}

export const intentForm: KindForm = {
  Form: IntentForm,
  validate: (node, references) => [
    ...validateModel(node.nodeConfig ?? {}),
    ...validateIntents(node.nodeConfig ?? {}),
    ...validateCommonArgs(node, references),
  ],
};
