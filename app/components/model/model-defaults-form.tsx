import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Select } from "../ui/select";
import { type ModelDto, type ModelReply, modelDefaultsSchema } from "./model-schema";
import type { ModelDefaults } from "./model-table";

interface ModelDefaultsFormProps {
  models: ModelDto[];
  defaults: ModelDefaults;
  reply?: ModelReply;
}

const optionsOf = (models: ModelDto[]) => models.map((m) => ({ value: String(m.id), label: m.name }));

/** 默认对话模型, 追问建议模型 and 默认向量模型: enabled tenant models of the right kind. */
export function ModelDefaultsForm({ models, defaults, reply }: ModelDefaultsFormProps) {
  const busy = useNavigation().formData?.get("intent") === "defaults";
  const [form, fields] = useForm({
    id: "model-defaults",
    lastResult: reply?.intent === "defaults" ? reply.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: modelDefaultsSchema }),
  });
  const usable = models.filter((m) => m.enabled === 1);
  const chat = usable.filter((m) => m.type === "Chat" || m.type === "Multi");
  const embed = usable.filter((m) => m.type === "Embeddings");
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="defaults" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 md:grid-cols-3">
        <Field label="默认对话模型" field={fields.defaultChatModelId} hint="新建的智能体和生成会话标题使用">
          <Select
            id={fields.defaultChatModelId.id}
            name={fields.defaultChatModelId.name}
            defaultValue={String(defaults.chat ?? "")}
            options={optionsOf(chat)}
          />
        </Field>
        <Field label="追问建议模型" field={fields.defaultSuggestModelId} hint="生成“推荐问题”使用">
          <Select
            id={fields.defaultSuggestModelId.id}
            name={fields.defaultSuggestModelId.name}
            defaultValue={String(defaults.suggest ?? "")}
            options={[{ value: "", label: "与默认对话模型相同" }, ...optionsOf(chat)]}
          />
        </Field>
        <Field label="默认向量模型" field={fields.defaultEmbedModelId} hint="知识库向量化使用">
          <Select
            id={fields.defaultEmbedModelId.id}
            name={fields.defaultEmbedModelId.name}
            defaultValue={String(defaults.embed ?? "")}
            options={[{ value: "", label: "不设置" }, ...optionsOf(embed)]}
          />
        </Field>
      </div>
      <div>
        <Button type="submit" loading={busy}>
          保存默认模型
        </Button>
      </div>
    </Form>
  );
}
