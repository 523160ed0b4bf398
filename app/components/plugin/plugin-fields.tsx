import type { ReactNode } from "react";
import { httpContentTypeLabels, optionsOf } from "#app/lib/labels";
import { httpMethods } from "#contract/plugin";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import type { FieldErrors, PluginDraft } from "./plugin-form";

interface FieldsProps {
  draft: PluginDraft;
  errors?: FieldErrors;
  /** The field that gets focus (the first with an error). */
  focus?: string;
}

/** A labelled control with its first error under it; ids derive from the field name. */
function PlainField({
  name,
  label,
  hint,
  errors,
  className,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  errors?: FieldErrors;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby": string }) => ReactNode;
}) {
  const id = `plugin-${name}`;
  const error = errors?.[name]?.[0];
  return (
    <div className={className ?? "flex flex-col gap-1.5"}>
      <label htmlFor={id} className="font-medium text-gray-800">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": `${id}-note` })}
      <p id={`${id}-note`} className={error ? "text-[13px] text-danger-600" : "text-[13px] text-gray-500"}>
        {error ?? hint}
      </p>
    </div>
  );
}

/** 基本信息: name, description and icon link. */
export function BasicFields({ draft, errors, focus }: FieldsProps) {
  return (
    <section aria-label="基本信息" className="grid gap-3 sm:grid-cols-2">
      <PlainField name="name" label="插件名称" errors={errors}>
        {(p) => <Input {...p} name="name" defaultValue={draft.name} maxLength={64} autoFocus={focus === "name"} />}
      </PlainField>
      <PlainField name="icon" label="图标链接" hint="留空显示名称首字" errors={errors}>
        {(p) => <Input {...p} name="icon" type="url" defaultValue={draft.icon} placeholder="https://…/icon.png" />}
      </PlainField>
      <PlainField
        name="description"
        label="插件描述"
        hint="模型据此判断何时调用这个插件"
        errors={errors}
        className="flex flex-col gap-1.5 sm:col-span-2"
      >
        {(p) => <Input {...p} name="description" defaultValue={draft.description} maxLength={500} />}
      </PlainField>
    </section>
  );
}

/** The request: method and URL (with `{name}` path parameters), body format, timeout. */
export function HttpFields({ draft, errors, focus }: FieldsProps) {
  return (
    <section aria-label="请求配置" className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
      <PlainField name="method" label="请求方法" errors={errors}>
        {(p) => (
          <Select
            {...p}
            name="method"
            defaultValue={draft.method}
            options={httpMethods.map((m) => ({ value: m, label: m }))}
          />
        )}
      </PlainField>
      <PlainField name="url" label="请求地址" hint="路径参数写成 {name}，并在入参中以 Path 方式传入" errors={errors}>
        {(p) => (
          <Input
            {...p}
            name="url"
            defaultValue={draft.url}
            placeholder="https://api.example.com/users/{id}"
            maxLength={2000}
            autoFocus={focus === "url"}
          />
        )}
      </PlainField>
      <PlainField name="contentType" label="请求体格式" errors={errors}>
        {(p) => (
          <Select
            {...p}
            name="contentType"
            defaultValue={draft.contentType}
            options={optionsOf(httpContentTypeLabels)}
          />
        )}
      </PlainField>
      <TimeoutField draft={draft} errors={errors} focus={focus} />
    </section>
  );
}

/** 超时时间 in seconds (1–60, the contract's rule). */
export function TimeoutField({ draft, errors, focus }: FieldsProps) {
  return (
    <PlainField name="timeout" label="超时时间（秒）" hint="默认 10 秒，最多 60 秒" errors={errors}>
      {(p) => (
        <Input
          {...p}
          name="timeout"
          type="number"
          min={1}
          max={60}
          defaultValue={draft.timeout}
          className="w-32"
          autoFocus={focus === "timeout"}
        />
      )}
    </PlainField>
  );
}
