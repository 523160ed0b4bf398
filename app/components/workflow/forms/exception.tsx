import type { ExceptionHandleConfig } from "#contract/workflow-nodes";
import type { NodeConfig } from "./types";
import { NumberField, Section, SelectField, TextAreaField } from "./widgets";

export const exceptionLabels = {
  INTERRUPT: "中断流程",
  SPECIFIC_CONTENT: "返回特定内容",
  EXECUTE_EXCEPTION_FLOW: "执行异常流程",
} as const;
const retryOptions = [0, 1, 2, 3].map((n) => ({ value: String(n), label: n ? `重试 ${n} 次` : "不重试" }));

/** The node's exception settings, defaulted as a new node has them (interrupt, no retry). */
export function exceptionOf(config: NodeConfig): ExceptionHandleConfig {
  const current = (config.exceptionHandleConfig ?? null) as ExceptionHandleConfig | null;
  return { exceptionHandleType: "INTERRUPT", retryCount: 0, ...current };
}

/** Problems of the settings: a timeout that is not a positive whole number, fixed content that is not a JSON object. */
export function validateException(config: NodeConfig): string[] {
  const settings = exceptionOf(config);
  const problems: string[] = [];
  if (settings.timeout != null && !(Number.isInteger(settings.timeout) && settings.timeout > 0)) {
    problems.push("超时时间必须是正整数（秒）");
  }
  if (settings.exceptionHandleType === "SPECIFIC_CONTENT" && typeof settings.specificContent === "string") {
    try {
      const parsed = JSON.parse(settings.specificContent || "{}");
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
    } catch {
      problems.push('特定内容必须是 JSON 对象，例如 {"output": "默认回复"}');
    }
  }
  return problems;
}

/** 异常处理: timeout, retries, and what follows the last failed attempt (original-backend.md §6.3). */
export function ExceptionSettings({ config, set }: { config: NodeConfig; set: (patch: NodeConfig) => void }) {
  const settings = exceptionOf(config);
  const update = (patch: Partial<ExceptionHandleConfig>) => set({ exceptionHandleConfig: { ...settings, ...patch } });
  const content =
    typeof settings.specificContent === "string"
      ? settings.specificContent
      : settings.specificContent
        ? JSON.stringify(settings.specificContent, null, 2)
        : "";
  return (
    <Section title="异常处理" hint="节点运行失败时的处理方式；失败后输出 ERROR_MESSAGE 供下游引用。">
      <div className="grid grid-cols-2 gap-2">
        <NumberField
          label="超时时间（秒）"
          value={settings.timeout ?? null}
          min={1}
          onChange={(v) => update({ timeout: v ?? undefined })}
        />
        <SelectField
          label="重试次数"
          value={String(settings.retryCount ?? 0)}
          options={retryOptions}
          onChange={(v) => update({ retryCount: Number(v) })}
        />
      </div>
      <SelectField
        label="异常时"
        value={settings.exceptionHandleType}
        options={Object.entries(exceptionLabels).map(([value, label]) => ({
          value: value as ExceptionHandleConfig["exceptionHandleType"],
          label,
        }))}
        onChange={(v) => update({ exceptionHandleType: v })}
      />
      {settings.exceptionHandleType === "SPECIFIC_CONTENT" ? (
        <TextAreaField
          label="特定内容"
          hint="失败时作为节点输出的 JSON 对象"
          value={content}
          onChange={(v) => update({ specificContent: v })}
          placeholder='{"output": "默认回复"}'
        />
      ) : null}
      {settings.exceptionHandleType === "EXECUTE_EXCEPTION_FLOW" ? (
        <p className="text-[12px] text-gray-500">在画布上从节点的「异常」端口连线到处理失败的节点。</p>
      ) : null}
    </Section>
  );
}
