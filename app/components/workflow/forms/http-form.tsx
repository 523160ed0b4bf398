import { httpContentTypeLabels, optionsOf } from "#app/lib/labels";
import { ArgRows } from "./args";
import { argsOf } from "./args-state";
import { httpMethods, inputNames, MAX_HTTP_TIMEOUT, validateHttp } from "./http";
import { TemplateField } from "./template-field";
import type { KindForm, KindFormProps } from "./types";
import { NumberField, SelectField } from "./widgets";

const methodOptions = httpMethods.map((m) => ({ value: m, label: m }));
const contentTypeOptions = optionsOf(httpContentTypeLabels);

/** http请求: method and address (a template of the inputs), headers, query and body tables, timeout, extracted fields. */
function HttpForm({ config, set, ctx }: KindFormProps) {
  const method = (config.method as (typeof httpMethods)[number] | undefined) ?? "GET";
  const table = (key: "headers" | "queries" | "body", title: string) => (
    <ArgRows
      title={title}
      args={argsOf(config[key])}
      onChange={(value) => set({ [key]: value })}
      bindable
      references={ctx.references}
      empty="未设置"
    />
  );
  return (
    <>
      <ArgRows
        title="输入参数"
        hint="请求地址中以 {{参数名}} 使用"
        args={argsOf(config.inputArgs)}
        onChange={(inputArgs) => set({ inputArgs })}
        bindable
        references={ctx.references}
      />
      <div className="grid grid-cols-[7rem_1fr] gap-2">
        <SelectField label="请求方法" value={method} options={methodOptions} onChange={(v) => set({ method: v })} />
        <NumberField
          label="超时时间（秒）"
          value={config.timeout as number | null}
          min={1}
          max={MAX_HTTP_TIMEOUT}
          onChange={(timeout) => set({ timeout })}
        />
      </div>
      <TemplateField
        label="请求地址"
        rows={2}
        value={typeof config.url === "string" ? config.url : ""}
        onChange={(url) => set({ url })}
        names={inputNames(config)}
        placeholder="https://example.com/api?id={{id}}"
      />
      {table("headers", "请求头")}
      {table("queries", "查询参数")}
      {method === "GET" ? null : (
        <>
          <SelectField
            label="请求体格式"
            value={(config.contentType as string | undefined) ?? "JSON"}
            options={contentTypeOptions}
            onChange={(contentType) => set({ contentType })}
          />
          {table("body", "请求体")}
        </>
      )}
      <ArgRows
        title="提取字段"
        hint="从 JSON 响应中取出的字段；HTTP_BODY、HTTP_HEADERS、HTTP_STATUS_CODE 总会输出"
        args={argsOf(config.outputArgs)}
        onChange={(outputArgs) => set({ outputArgs })}
        nested
        described
      />
    </>
  );
}

export const httpForm: KindForm = {
  Form: HttpForm,
  validate: (node, references) => validateHttp(node.nodeConfig ?? {}, references),
};
