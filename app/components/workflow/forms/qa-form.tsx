import { Plus, Trash2 } from "lucide-react";
import { buttonClass } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/input";
import { ArgRows, InputArgs } from "./args";
import { argsOf, validateArgs } from "./args-state";
import { useEnsureDefaults } from "./ensure-defaults";
import { ModelFields, validateModel } from "./model";
import { addOption, MAX_OPTIONS, optionsOf, removeOption, setAnswerType, setOption, validateQa } from "./qa";
import { templateProblems } from "./template";
import { TemplateField } from "./template-field";
import type { KindForm, KindFormProps } from "./types";
import { NumberField, RadioGroup, Section } from "./widgets";

const names = (config: Record<string, unknown>) =>
  argsOf(config.inputArgs)
    .map((a) => a.name)
    .filter(Boolean);

/** 问答: asks the user (the run pauses), then either extracts fields from a free answer or branches on a chosen option. */
function QaForm({ config, set, ctx }: KindFormProps) {
  const answerType = config.answerType === "SELECT" ? "SELECT" : "TEXT";
  const stored = Array.isArray(config.options) ? config.options : [];
  useEnsureDefaults(answerType === "SELECT" && stored.length < 2, () => ({ options: optionsOf(config) }), set);
  const options = optionsOf(config);
  return (
    <>
      <ModelFields config={config} set={set} models={ctx.options.models} />
      <InputArgs config={config} set={set} ctx={ctx} />
      <TemplateField
        label="提问内容"
        value={typeof config.question === "string" ? config.question : ""}
        onChange={(question) => set({ question })}
        names={names(config)}
        placeholder="向用户提出的问题，输入 {{ 引用输入参数"
      />
      <RadioGroup
        label="回答方式"
        value={answerType}
        options={[
          { value: "TEXT", label: "直接回答" },
          { value: "SELECT", label: "选项回答" },
        ]}
        onChange={(v) => set(setAnswerType(config, v))}
      />
      {answerType === "TEXT" ? (
        <>
          <NumberField
            label="最多回复次数"
            hint="必填字段没有从回答中提取到时，再次追问的次数"
            value={config.maxReplyCount as number | null}
            min={0}
            max={10}
            onChange={(maxReplyCount) => set({ maxReplyCount })}
          />
          <ArgRows
            title="提取字段"
            hint="从用户回答中提取的字段；不设置时输出整段回答 USER_RESPONSE"
            args={argsOf(config.outputArgs)}
            onChange={(outputArgs) => set({ outputArgs })}
            described
            requirable
          />
        </>
      ) : (
        <Section
          title="选项"
          hint="每个选项是一个分支；用户的回答不匹配任何选项时走「其他」。"
          actions={
            <button
              type="button"
              onClick={() => set({ options: addOption(options) })}
              disabled={options.length >= MAX_OPTIONS}
              className={buttonClass("secondary", "sm")}
            >
              <Plus className="size-4" aria-hidden />
              添加选项
            </button>
          }
        >
          <ol className="flex flex-col gap-1.5">
            {options.map((o, i) =>
              i === options.length - 1 ? (
                <li key={o.uuid} className="px-1 text-[13px] text-gray-500">
                  其他
                </li>
              ) : (
                <li key={o.uuid} className="flex items-center gap-1">
                  <span className="w-5 shrink-0 font-semibold">{o.index}</span>
                  <input
                    aria-label={`选项 ${o.index}`}
                    value={o.content ?? ""}
                    maxLength={1000}
                    onChange={(e) => set({ options: setOption(options, i, e.target.value) })}
                    className={`${controlClass} h-8 text-[13px]`}
                  />
                  <button
                    type="button"
                    onClick={() => set({ options: removeOption(options, i) })}
                    disabled={options.length <= 2}
                    className={buttonClass("ghost", "sm", "text-danger-700")}
                    aria-label={`删除选项 ${o.index}`}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </li>
              ),
            )}
          </ol>
        </Section>
      )}
    </>
  );
}

export const qaForm: KindForm = {
  Form: QaForm,
  validate: (node, references) => {
    const config = node.nodeConfig ?? {};
    return [
      ...validateModel(config),
      ...validateQa(config),
      ...validateArgs(argsOf(config.inputArgs), { label: "输入参数", bindable: true, references }),
      ...templateProblems("提问内容", config.question, names(config)),
    ];
  },
};
