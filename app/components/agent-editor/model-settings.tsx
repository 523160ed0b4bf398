import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { clsx } from "clsx";
import { type ModelMode, modelModeLabels } from "#app/lib/labels";
import type { AgentDto } from "#contract/api/agent-dto";
import type { ModelDto } from "#contract/api/model-dto";
import type { ModelBind } from "#contract/components";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { SectionForm, useEditorForm } from "./autosave";
import { editorSchemas, modelPresets } from "./schemas";

interface ModelSettingsProps {
  component: NonNullable<AgentDto["modelComponentConfig"]>;
  /** Chat models this space may use. */
  models: ModelDto[];
}

const modes = Object.keys(modelModeLabels) as ModelMode[];

/** The model and its parameters; the 精确/平衡/创意 presets set temperature and top_p, 自定义 keeps typed values. */
export function ModelSettings({ component, models }: ModelSettingsProps) {
  const bind = component.bindConfig as Partial<ModelBind>;
  const { fetcher, form, fields } = useEditorForm("model", editorSchemas.model, {
    modelId: String(component.targetId),
    mode: bind.mode ?? "Balanced",
    temperature: String(bind.temperature ?? 1),
    topP: String(bind.topP ?? 0.7),
    maxTokens: String(bind.maxTokens ?? 4096),
    contextRounds: String(bind.contextRounds ?? 3),
  });
  const options = models.map((m) => ({ value: String(m.id), label: m.builtin ? `${m.name}（内置离线模型）` : m.name }));
  if (!models.some((m) => m.id === component.targetId)) {
    options.unshift({ value: String(component.targetId), label: `${component.name}（当前空间不可用）` });
  }
  const mode = (fields.mode.value ?? "Balanced") as ModelMode;

  const chooseMode = (next: ModelMode) => {
    if (next === "Customization") return;
    const preset = modelPresets[next];
    form.update({ name: fields.temperature.name, value: String(preset.temperature) });
    form.update({ name: fields.topP.name, value: String(preset.topP) });
  };
  // Typing a value of one's own leaves the preset.
  const customise = () => {
    if (mode !== "Customization") form.update({ name: fields.mode.name, value: "Customization" });
  };

  return (
    <SectionForm fetcher={fetcher} intent="model" formProps={getFormProps(form)}>
      <Field label="模型" field={fields.modelId}>
        <Select {...getSelectProps(fields.modelId)} options={options} />
      </Field>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 font-medium text-gray-800">生成多样性</legend>
        <div className="flex gap-1 rounded-md bg-gray-100 p-1" key={fields.mode.key}>
          {modes.map((m) => (
            <label
              key={m}
              className={clsx(
                "flex-1 cursor-pointer rounded px-2 py-1 text-center text-[13px] has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-500",
                "has-[:checked]:bg-white has-[:checked]:font-medium has-[:checked]:text-primary-700 has-[:checked]:shadow-sm",
              )}
            >
              <input
                type="radio"
                name={fields.mode.name}
                value={m}
                defaultChecked={fields.mode.initialValue === m}
                onChange={() => chooseMode(m)}
                className="sr-only"
              />
              {modelModeLabels[m]}
            </label>
          ))}
        </div>
        <p className="text-[13px] text-gray-500">精确、平衡、创意使用预设的温度和 Top P；修改参数即切换为自定义。</p>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field label="温度 temperature" field={fields.temperature}>
          <Input
            {...getInputProps(fields.temperature, { type: "number" })}
            step={0.1}
            min={0}
            max={2}
            onInput={customise}
          />
        </Field>
        <Field label="Top P" field={fields.topP}>
          <Input {...getInputProps(fields.topP, { type: "number" })} step={0.05} min={0} max={1} onInput={customise} />
        </Field>
        <Field label="最大回复长度" field={fields.maxTokens}>
          <Input {...getInputProps(fields.maxTokens, { type: "number" })} step={1} min={1} />
        </Field>
        <Field label="携带上下文轮数" field={fields.contextRounds}>
          <Input {...getInputProps(fields.contextRounds, { type: "number" })} step={1} min={0} max={100} />
        </Field>
      </div>
    </SectionForm>
  );
}
