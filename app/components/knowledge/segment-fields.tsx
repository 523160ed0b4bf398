import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { clsx } from "clsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { optionsOf, segmentModeLabels } from "#app/lib/labels";
import { defaultSegmentConfig } from "#contract/api/knowledge";
import { delimiterChoices } from "./schemas";

/** Any form's field of these names (the text and the file forms share the settings). */
type Meta = FieldMetadata<any, any, string[]>;

interface SegmentFieldsProps {
  fields: {
    segmentMode: Meta;
    segment: Meta;
    words: Meta;
    overlaps: Meta;
    delimiterPreset: Meta;
    delimiterCustom: Meta;
  };
}

/** The default values of the segment settings, for a form's defaultValue. */
export const segmentDefaults = {
  segmentMode: "auto",
  segment: defaultSegmentConfig.segment,
  words: String(defaultSegmentConfig.words),
  overlaps: String(defaultSegmentConfig.overlaps),
  delimiterPreset: "0",
  delimiterCustom: "",
};

function Radio({ field, value, label, hint }: { field: Meta; value: string; label: string; hint?: string }) {
  return (
    <label className="flex flex-1 cursor-pointer gap-2 rounded-md border border-gray-200 p-3 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50">
      <input
        type="radio"
        name={field.name}
        value={value}
        defaultChecked={field.initialValue === value}
        className="mt-1"
      />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-[13px] text-gray-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/**
 * 分段设置: 自动分段 (800 characters, 10 overlapping) or 自定义 — by length (max characters and overlap) or by a
 * delimiter (a preset or your own). With JavaScript only the settings of the chosen way show.
 */
export function SegmentFields({ fields }: SegmentFieldsProps) {
  const hydrated = useHydrated();
  const custom = !hydrated || fields.segmentMode.value === "custom";
  const mode = fields.segment.value ?? fields.segment.initialValue;
  const byWords = !hydrated || mode !== "DELIMITER";
  const byDelimiter = !hydrated || mode === "DELIMITER";
  const presetCustom = !hydrated || fields.delimiterPreset.value === "custom";
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1.5 font-medium text-gray-800">分段设置</legend>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Radio field={fields.segmentMode} value="auto" label="自动分段" hint="每段约 800 字，相邻分段重叠 10 字" />
        <Radio field={fields.segmentMode} value="custom" label="自定义" hint="按长度或分隔符切分" />
      </div>
      <div className={clsx("flex flex-col gap-3 rounded-md bg-gray-50 p-3", !custom && "hidden")}>
        {hydrated ? null : <p className="text-[13px] text-gray-500">选择“自定义”后，以下设置生效。</p>}
        <Field label="分段方式" field={fields.segment}>
          <Select {...getSelectProps(fields.segment)} options={optionsOf(segmentModeLabels)} />
        </Field>
        <div className={clsx("grid grid-cols-2 gap-3", !byWords && "hidden")}>
          <Field label="分段最大长度" field={fields.words} hint="50–5000 个字符">
            <Input {...getInputProps(fields.words, { type: "number" })} min={50} max={5000} step={1} />
          </Field>
          <Field label="分段重叠" field={fields.overlaps} hint="建议为最大长度的 10%–25%">
            <Input {...getInputProps(fields.overlaps, { type: "number" })} min={0} max={1000} step={1} />
          </Field>
        </div>
        <div className={clsx("grid grid-cols-2 gap-3", !byDelimiter && "hidden")}>
          <Field label="分隔符" field={fields.delimiterPreset}>
            <Select
              {...getSelectProps(fields.delimiterPreset)}
              options={[...delimiterChoices, { value: "custom", label: "自定义…" }]}
            />
          </Field>
          <Field label="自定义分隔符" field={fields.delimiterCustom} className={clsx(!presetCustom && "hidden")}>
            <Input {...getInputProps(fields.delimiterCustom, { type: "text" })} maxLength={20} />
          </Field>
        </div>
      </div>
    </fieldset>
  );
}
