import { clsx } from "clsx";
import { Form, Link } from "react-router";
import { useSubmitting } from "#app/lib/use-submitting";
import { Button, buttonClass } from "../ui/button";
import { FormErrors } from "../ui/field";
import { controlClass } from "../ui/input";
import {
  argFillLabels,
  fixableTypes,
  type ToolBindingDraft,
  type ToolKind,
  toolInvokeTypeLabels,
} from "./tool-binding";

export interface ToolVariableOption {
  name: string;
  label: string;
}

interface ToolSettingsFormProps {
  kind: ToolKind;
  draft: ToolBindingDraft;
  variables: ToolVariableOption[];
  /** Field name (`args[0].value`, `asyncReplyContent` …) → message. */
  errors: Record<string, string>;
  formError?: string;
  cancelTo: string;
}

const invokeHints: Record<ToolKind, string> = {
  Plugin: "自动调用：每轮对话都先调用插件；按需调用：由模型判断何时调用；手动选择：用户在对话框中勾选后才可用。",
  Workflow: "自动调用：每轮对话都先运行工作流；按需调用：由模型判断何时运行；手动选择：用户在对话框中勾选后才可用。",
};

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-[13px] text-danger-600">
      {message}
    </p>
  );
}

/**
 * The settings of a plugin or workflow bound to an agent: invocation mode, per input argument whether the model
 * sees it and what fills it otherwise, direct output (workflows), async execution and what a failure does.
 * A plain form: it works without JavaScript.
 */
export function ToolSettingsForm({ kind, draft, variables, errors, formError, cancelTo }: ToolSettingsFormProps) {
  const busy = useSubmitting("tool-binding");
  const label = kind === "Plugin" ? "插件" : "工作流";
  return (
    <Form method="post" className="flex flex-col gap-6" aria-label={`${label}设置`}>
      <input type="hidden" name="intent" value="tool-binding" />
      <FormErrors errors={formError ? [formError] : undefined} />
      <label className="flex flex-col gap-1.5">
        <span className="font-medium text-gray-800">调用方式</span>
        <select name="invokeType" defaultValue={draft.invokeType} className={clsx(controlClass, "h-9 max-w-xs")}>
          {Object.entries(toolInvokeTypeLabels).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        <span className="text-[13px] text-gray-500">{invokeHints[kind]}</span>
      </label>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-gray-800">入参</legend>
        <p className="text-[13px] text-gray-500">
          对模型可见的参数由模型填写，固定值或变量在模型没有给出时使用；隐藏的参数只取固定值或变量。对象、数组和文件参数只能由模型或变量填写。
        </p>
        {draft.args.length === 0 ? (
          <p className="text-[13px] text-gray-500">这个{label}没有入参。</p>
        ) : (
          <div className="overflow-x-auto rounded-card border border-gray-200">
            <table className="w-full border-collapse text-left">
              <thead className="bg-gray-50 text-gray-500">
                <tr>
                  {["参数", "对模型可见", "取值", "固定值或变量"].map((text) => (
                    <th key={text} scope="col" className="px-2 py-2 font-normal">
                      {text}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {draft.args.map((row, i) => {
                  const error = errors[`args[${i}].value`];
                  const errorId = `tool-arg-${i}-error`;
                  return (
                    <tr key={row.name} className="border-gray-100 border-t align-top">
                      <td className="px-2 py-1.5">
                        <input type="hidden" name={`args[${i}].name`} value={row.name} />
                        <code>{row.name}</code>
                        <span className="ml-2 text-[13px] text-gray-500">
                          {row.dataType}
                          {row.require ? " · 必填" : ""}
                        </span>
                        {row.description ? <p className="text-[13px] text-gray-500">{row.description}</p> : null}
                      </td>
                      <td className="px-2 py-1.5">
                        <input
                          type="checkbox"
                          name={`args[${i}].enable`}
                          defaultChecked={row.enable}
                          aria-label={`${row.name} 对模型可见`}
                          className="size-4"
                        />
                      </td>
                      <td className="px-2 py-1.5">
                        <select
                          name={`args[${i}].fill`}
                          defaultValue={row.fill}
                          aria-label={`${row.name} 取值`}
                          className={clsx(controlClass, "h-8 min-w-28")}
                        >
                          {Object.entries(argFillLabels)
                            .filter(([fill]) => fill !== "Input" || fixableTypes.includes(row.dataType))
                            .map(([fill, text]) => (
                              <option key={fill} value={fill}>
                                {text}
                              </option>
                            ))}
                        </select>
                      </td>
                      <td className="px-2 py-1.5">
                        <input
                          name={`args[${i}].value`}
                          defaultValue={row.value}
                          list="tool-binding-variables"
                          aria-label={`${row.name} 固定值或变量`}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          placeholder={row.dataType === "Boolean" ? "true 或 false，或变量名" : "值，或变量名"}
                          className={clsx(controlClass, "h-8 min-w-36")}
                        />
                        <FieldError id={errorId} message={error} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <datalist id="tool-binding-variables">
          {variables.map((v) => (
            <option key={v.name} value={v.name}>
              {v.label}
            </option>
          ))}
        </datalist>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-medium text-gray-800">执行</legend>
        {kind === "Workflow" ? (
          <label className="flex items-start gap-2">
            <input type="checkbox" name="directOutput" defaultChecked={draft.directOutput} className="mt-1 size-4" />
            <span>
              直接输出
              <span className="block text-[13px] text-gray-500">
                自动调用时，把工作流的结果直接作为回复发给用户，不再经过模型。
              </span>
            </span>
          </label>
        ) : null}
        {/* The reply box shows while 异步执行 is ticked — by CSS, so it also works without JavaScript. */}
        <div className="group/async flex flex-col gap-2">
          <label className="flex items-start gap-2">
            <input type="checkbox" name="async" defaultChecked={draft.async} className="mt-1 size-4" />
            <span>
              异步执行
              <span className="block text-[13px] text-gray-500">
                {label}在后台运行，智能体先回复下面这句话，运行结果稍后送达。
              </span>
            </span>
          </label>
          <label
            className={clsx(
              "flex-col gap-1.5 pl-6 group-has-[:checked]/async:flex",
              errors.asyncReplyContent ? "flex" : "hidden",
            )}
          >
            <span className="text-gray-800">异步回复</span>
            <textarea
              name="asyncReplyContent"
              defaultValue={draft.asyncReplyContent}
              rows={2}
              maxLength={500}
              aria-invalid={errors.asyncReplyContent ? true : undefined}
              className={clsx(controlClass, "py-1.5")}
            />
            <FieldError id="tool-async-error" message={errors.asyncReplyContent} />
          </label>
        </div>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="exceptionOut" defaultChecked={draft.exceptionOut} className="mt-1 size-4" />
          <span>
            出错时中断对话
            <span className="block text-[13px] text-gray-500">
              {label}执行失败时结束这一轮对话并告诉用户，而不是交给模型继续回答。
            </span>
          </span>
        </label>
        <label className="flex flex-col gap-1.5">
          <span className="text-gray-800">失败时告诉模型</span>
          <textarea
            name="fallbackMsg"
            defaultValue={draft.fallbackMsg}
            rows={2}
            maxLength={1000}
            placeholder="留空则告诉模型“工具执行失败”及原因"
            aria-invalid={errors.fallbackMsg ? true : undefined}
            className={clsx(controlClass, "py-1.5")}
          />
          <FieldError id="tool-fallback-error" message={errors.fallbackMsg} />
        </label>
      </fieldset>

      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          返回
        </Link>
        <Button type="submit" loading={busy}>
          保存
        </Button>
      </div>
    </Form>
  );
}
