import type { ModelOption } from "./options";
import type { NodeConfig } from "./types";
import { NumberField, SelectField } from "./widgets";

/** Problems of the model settings the LLM, intent and QA nodes share (ranges of contract/workflow-nodes.ts). */
export function validateModel(config: NodeConfig): string[] {
  const problems: string[] = [];
  if (typeof config.modelId !== "number") problems.push("请选择模型");
  const range = (key: string, label: string, min: number, max: number) => {
    const v = config[key];
    if (v != null && !(typeof v === "number" && v >= min && v <= max))
      problems.push(`${label}必须在 ${min} 到 ${max} 之间`);
  };
  range("temperature", "温度", 0, 2);
  range("topP", "Top P", 0, 1);
  const max = config.maxTokens;
  if (max != null && !(typeof max === "number" && Number.isInteger(max) && max > 0)) {
    problems.push("最大回复长度必须是正整数");
  }
  return problems;
}

/** 模型: the space's chat models, and the sampling settings (empty: the model's defaults). */
export function ModelFields({
  config,
  set,
  models,
}: {
  config: NodeConfig;
  set: (patch: NodeConfig) => void;
  models: readonly ModelOption[];
}) {
  const current = typeof config.modelId === "number" ? String(config.modelId) : "";
  const options = models.map((m) => ({ value: String(m.id), label: `${m.name}（${m.model}）` }));
  // A model the list no longer offers (disabled, removed) stays visible rather than silently changing.
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: `模型 ${current}（不可用）` });
  const chosen = models.find((m) => m.id === config.modelId);
  return (
    <div className="flex flex-col gap-2">
      <SelectField
        label="模型"
        value={current}
        placeholder={models.length ? "请选择模型" : "空间中没有可用的对话模型"}
        options={options}
        onChange={(v) => set({ modelId: v ? Number(v) : null })}
      />
      <div className="grid grid-cols-3 gap-2">
        <NumberField
          label="温度"
          value={config.temperature as number | null}
          min={0}
          max={2}
          step={0.1}
          onChange={(temperature) => set({ temperature })}
        />
        <NumberField
          label="Top P"
          value={config.topP as number | null}
          min={0}
          max={1}
          step={0.05}
          onChange={(topP) => set({ topP })}
        />
        <NumberField
          label="最大回复长度"
          value={config.maxTokens as number | null}
          min={1}
          max={chosen?.maxTokens}
          onChange={(maxTokens) => set({ maxTokens })}
        />
      </div>
    </div>
  );
}
