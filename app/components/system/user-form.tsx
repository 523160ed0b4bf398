import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { firstInvalidField } from "#app/lib/forms";
import { systemRoleLabels } from "#app/lib/labels";
import { useSubmitting } from "#app/lib/use-submitting";
import { Button, buttonClass } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { type AdminUser, type UserReply, userSchemas } from "./user-schemas";

const roleOptions = (["User", "Admin"] as const).map((value) => ({ value, label: systemRoleLabels[value] }));

interface UserFormProps {
  /** The user being edited; absent for 新增用户. */
  user?: AdminUser;
  /** True when editing oneself: the role cannot change. */
  self?: boolean;
  cancelTo: string;
  reply?: UserReply;
}

/** 新增用户 and 编辑 share the fields; the password is optional (empty: sign in by code, or keep the old one). */
export function UserForm({ user, self = false, cancelTo, reply }: UserFormProps) {
  const intent = user ? "edit" : "add";
  const busy = useSubmitting(intent);
  const lastResult = reply?.intent === intent ? reply.result : undefined;
  const [form, fields] = useForm({
    id: user ? `edit-user-${user.id}` : "add-user",
    lastResult,
    defaultValue: {
      userName: user?.userName ?? "",
      nickName: user?.nickName ?? "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      role: user?.role ?? "User",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userSchemas[intent] }),
  });
  const focus = firstInvalidField(lastResult) ?? "userName";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {user ? (
        <>
          <input type="hidden" name="id" value={user.id} />
          <input type="hidden" name="currentUserName" value={user.userName} />
        </>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="用户名" field={fields.userName} hint="可用于登录；2–32 位中文、字母、数字、下划线或短横线">
          <Input
            {...getInputProps(fields.userName, { type: "text" })}
            maxLength={32}
            autoFocus={focus === "userName"}
          />
        </Field>
        <Field label="昵称" field={fields.nickName}>
          <Input
            {...getInputProps(fields.nickName, { type: "text" })}
            maxLength={32}
            autoFocus={focus === "nickName"}
          />
        </Field>
        <Field label="邮箱" field={fields.email}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoFocus={focus === "email"} />
        </Field>
        <Field label="手机号码" field={fields.phone}>
          <Input {...getInputProps(fields.phone, { type: "tel" })} maxLength={11} autoFocus={focus === "phone"} />
        </Field>
        <Field
          label={user ? "新密码" : "密码"}
          field={fields.password}
          hint={user ? "留空则不修改；修改后该用户需要重新登录" : "留空时用户用验证码登录后自行设置"}
        >
          <Input
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="new-password"
            autoFocus={focus === "password"}
          />
        </Field>
        <Field label="角色" field={fields.role} hint={self ? "不能修改自己的角色" : undefined}>
          {self ? <input type="hidden" name={fields.role.name} value={user?.role} /> : null}
          <Select {...getSelectProps(fields.role)} options={roleOptions} disabled={self} autoFocus={focus === "role"} />
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" loading={busy}>
          {user ? "保存" : "添加"}
        </Button>
      </div>
    </Form>
  );
}
