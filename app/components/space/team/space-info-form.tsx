import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { firstInvalidField } from "#app/lib/forms";
import type { SpaceDto } from "#contract/api/space";
import { type TeamReply, teamSchemas } from "./schemas";

export function SpaceInfoForm({ space, reply }: { space: SpaceDto; reply?: TeamReply }) {
  const navigation = useNavigation();
  const lastResult = reply?.intent === "update" ? reply.result : null;
  const [form, fields] = useForm({
    // A new id after each save starts the form again from the saved values.
    id: `space-info-${space.id}-${space.modified}`,
    lastResult,
    defaultValue: { name: space.name, description: space.description ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamSchemas.update }),
  });
  const focus = firstInvalidField(lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-lg flex-col gap-4">
      <input type="hidden" name="intent" value="update" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="空间名称" field={fields.name}>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={32} autoFocus={focus === "name"} />
      </Field>
      <Field label="空间描述" field={fields.description}>
        <Textarea {...getTextareaProps(fields.description)} maxLength={200} autoFocus={focus === "description"} />
      </Field>
      <div>
        <Button type="submit" loading={navigation.formData?.get("intent") === "update"}>
          保存
        </Button>
      </div>
    </Form>
  );
}
