import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck, CircleX } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { firstInvalidField } from "#app/lib/forms";
import { functionCallLabels, modelProtocolLabels, modelTypeLabels } from "#app/lib/labels";
import { Button, buttonClass } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import {
  type ConnectivityResult,
  formModelTypes,
  formProtocols,
  functionCallModes,
  isModelFormIntent,
  type ModelDto,
  type ModelReply,
  modelFormSchemas,
} from "./model-schema";

const typeOptions = formModelTypes.map((value) => ({ value, label: modelTypeLabels[value] }));
const protocolOptions = formProtocols.map((value) => ({ value, label: modelProtocolLabels[value] }));
const functionCallOptions = functionCallModes.map((value) => ({ value, label: functionCallLabels[value] }));

/** 测试连接's answer, green or red, in the provider's own words (translated by the backend). */
export function ConnectivityNote({ result }: { result: ConnectivityResult }) {
  const Icon = result.success ? CircleCheck : CircleX;
  return (
    <p
      role="status"
      className={`flex items-start gap-1.5 text-[13px] ${result.success ? "text-success-700" : "text-danger-600"}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      {result.message}
    </p>
  );
}

function Checkbox({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" name={name} value="on" defaultChecked={defaultChecked} className="size-4" />
      {label}
    </label>
  );
}

interface ModelFormProps {
  /** The model being edited; absent when adding. */
  model?: ModelDto;
  cancelTo: string;
  reply?: ModelReply;
  /** Where the form posts (defaults to the page's own action). */
  action?: string;
  /** Extra hidden fields, e.g. the space of a space model and where to return. */
  hidden?: Record<string, string>;
}

/**
 * Add or edit a model: name, provider model id, kind, protocol, address and key (the key is only ever shown
 * masked; leaving it blank or masked keeps it), limits and abilities. 测试连接 tries the unsaved values.
 */
export function ModelForm({ model, cancelTo, reply, action, hidden = {} }: ModelFormProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const ownReply =
    reply?.intent === "save" || reply?.intent === "test-form" || reply?.intent === "save-builtin" ? reply : undefined;
  const builtin = model?.builtin ?? false;
  const [form, fields] = useForm({
    id: model ? `model-${model.id}` : "model-new",
    lastResult: ownReply?.result,
    defaultValue: {
      name: model?.name ?? "",
      description: model?.description ?? "",
      model: model?.model ?? "",
      type: model?.type ?? "Chat",
      apiProtocol: model?.apiProtocol ?? "OpenAI",
      baseUrl: model?.baseUrl ?? "",
      apiKey: model?.apiKey ?? "",
      maxTokens: String(model?.maxTokens ?? 4096),
      contextSize: String(model?.contextSize ?? 32768),
      functionCall: model?.functionCall ?? "CallSupported",
      dimension: model?.dimension ? String(model.dimension) : "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      return parseWithZod(formData, { schema: modelFormSchemas[isModelFormIntent(intent) ? intent : "save"] });
    },
  });
  const focus = firstInvalidField(ownReply?.result);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4">
      {model ? <input type="hidden" name="id" value={model.id} /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="模型名称" field={fields.name}>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          placeholder="例如：DeepSeek 对话"
          autoFocus={!focus || focus === "name"}
        />
      </Field>
      {builtin ? (
        <p className="rounded-md bg-gray-50 px-3 py-2 text-[13px] text-gray-600">
          内置离线模型无需联网，接口参数固定，只能修改名称、描述和启用状态。
        </p>
      ) : (
        <>
          <Field label="模型标识" field={fields.model} hint="服务商的模型名，例如 gpt-4o、deepseek-chat、qwen-plus">
            <Input {...getInputProps(fields.model, { type: "text" })} autoFocus={focus === "model"} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="模型类型" field={fields.type}>
              <Select {...getSelectProps(fields.type)} options={typeOptions} />
            </Field>
            <Field label="接口协议" field={fields.apiProtocol}>
              <Select {...getSelectProps(fields.apiProtocol)} options={protocolOptions} />
            </Field>
          </div>
          <Field
            label="接口地址"
            field={fields.baseUrl}
            hint="OpenAI 兼容接口填到 /v1，例如 https://api.deepseek.com/v1"
          >
            <Input
              {...getInputProps(fields.baseUrl, { type: "url" })}
              placeholder="https://"
              autoFocus={focus === "baseUrl"}
            />
          </Field>
          <Field label="API Key" field={fields.apiKey} hint={model ? "留空或保持掩码则沿用已保存的密钥" : undefined}>
            <Input {...getInputProps(fields.apiKey, { type: "password" })} autoComplete="new-password" />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="最大输出 Token" field={fields.maxTokens}>
              <Input {...getInputProps(fields.maxTokens, { type: "number" })} autoFocus={focus === "maxTokens"} />
            </Field>
            <Field label="上下文长度" field={fields.contextSize}>
              <Input {...getInputProps(fields.contextSize, { type: "number" })} autoFocus={focus === "contextSize"} />
            </Field>
            <Field label="函数调用" field={fields.functionCall}>
              <Select {...getSelectProps(fields.functionCall)} options={functionCallOptions} />
            </Field>
            <Field label="向量维度" field={fields.dimension} hint="仅向量模型，默认 1536">
              <Input {...getInputProps(fields.dimension, { type: "number" })} />
            </Field>
          </div>
          <Checkbox
            name={fields.isReasonModel.name}
            label="推理模型（会输出思考过程）"
            defaultChecked={model?.isReasonModel === 1}
          />
        </>
      )}
      <Field label="描述" field={fields.description}>
        <Input {...getInputProps(fields.description, { type: "text" })} />
      </Field>
      <Checkbox name={fields.enabled.name} label="启用" defaultChecked={model ? model.enabled === 1 : true} />
      {ownReply?.test ? <ConnectivityNote result={ownReply.test} /> : null}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
          取消
        </Link>
        {builtin ? (
          <Button type="submit" name="intent" value="save-builtin" loading={pending === "save-builtin"}>
            保存
          </Button>
        ) : (
          <>
            <Button type="submit" variant="secondary" name="intent" value="test-form" loading={pending === "test-form"}>
              测试连接
            </Button>
            <Button type="submit" name="intent" value="save" loading={pending === "save"}>
              保存
            </Button>
          </>
        )}
      </div>
    </Form>
  );
}
