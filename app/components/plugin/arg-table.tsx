import { clsx } from "clsx";
import { CornerDownRight, Plus, Trash2 } from "lucide-react";
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { httpArgLocationLabels, optionsOf, variableDataTypeLabels } from "#app/lib/labels";
import { buttonClass } from "../ui/button";
import { controlClass } from "../ui/input";
import { type ArgList, type ArgRow, applyEdit, hasChildren } from "./arg-rows";
import type { FieldErrors } from "./plugin-form";

interface ArgTableProps {
  list: ArgList;
  title: string;
  description?: ReactNode;
  rows: ArgRow[];
  /** Input args of an HTTP plugin: each top-level row says where it travels (Query/Body/Header/Path). */
  withLocation?: boolean;
  errors?: FieldErrors;
  /** Rows that replace the table's (output args parsed from a sample run), newest by `at`. */
  replaceWith?: { at: number; rows: ArgRow[] };
  /** Extra controls beside the title (e.g. 解析出参). */
  actions?: ReactNode;
}

const typeOptions = (current: string) => {
  const options = optionsOf(variableDataTypeLabels);
  // Types the short list leaves out (File kinds from a parsed response) stay selectable as themselves.
  return options.some((o) => o.value === current) ? options : [...options, { value: current, label: current }];
};
const locationOptions = optionsOf(httpArgLocationLabels);

/**
 * An argument table (入参配置 / 出参配置) posting as indexed fields, so it works without JavaScript: its add and
 * remove buttons are named submits ("add:inputArgs.0") that the action applies and sends back. With JavaScript the
 * same buttons edit the rows in place and nothing is posted until 保存.
 */
export function ArgTable({
  list,
  title,
  description,
  rows,
  withLocation,
  errors,
  replaceWith,
  actions,
}: ArgTableProps) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(rows);
  // Parsed rows that were there before this table mounted (e.g. before a save) are already in `rows`.
  const applied = useRef(replaceWith?.at);
  useEffect(() => {
    if (!replaceWith || replaceWith.at === applied.current) return;
    applied.current = replaceWith.at;
    setCurrent(replaceWith.rows);
  }, [replaceWith]);
  const input = list === "inputArgs";

  const edit = (op: "add" | "remove", path: number[]) => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setCurrent((old) => applyEdit(old, op, path, list));
  };
  const setType = (path: number[], dataType: string) => setCurrent((old) => retype(old, path, dataType));

  const error = (name: string) => errors?.[name]?.[0];
  const cell = "px-2 py-1.5 align-top";

  const renderRows = (items: ArgRow[], path: number[], prefix: string): ReactNode[] =>
    items.flatMap((row, i) => {
      const at = [...path, i];
      const name = `${prefix}[${i}]`;
      const depth = path.length;
      const label = row.name || `第 ${i + 1} 个参数`;
      const nameError = error(`${name}.name`);
      const valueError = error(`${name}.bindValue`);
      const tr = (
        <tr key={row.key} className="border-gray-100 border-t">
          <td className={cell}>
            <div className="flex items-start gap-1" style={{ paddingLeft: depth * 16 }}>
              {depth ? <CornerDownRight className="mt-2.5 size-3.5 shrink-0 text-gray-400" aria-hidden /> : null}
              <div className="flex min-w-0 flex-1 flex-col">
                <input type="hidden" name={`${name}.key`} value={row.key} />
                <input
                  name={`${name}.name`}
                  defaultValue={row.name}
                  aria-label="参数名称"
                  aria-invalid={nameError ? true : undefined}
                  placeholder="参数名称"
                  maxLength={64}
                  className={clsx(controlClass, "h-8 min-w-28")}
                />
                {nameError ? (
                  <span role="alert" className="text-[12px] text-danger-600">
                    {nameError}
                  </span>
                ) : null}
              </div>
            </div>
          </td>
          <td className={cell}>
            <input
              name={`${name}.description`}
              defaultValue={row.description}
              aria-label="参数描述"
              placeholder="给模型看的说明"
              maxLength={500}
              className={clsx(controlClass, "h-8 min-w-36")}
            />
          </td>
          <td className={cell}>
            <select
              name={`${name}.dataType`}
              defaultValue={row.dataType}
              aria-label="参数类型"
              onChange={(e) => setType(at, e.target.value)}
              className={clsx(controlClass, "h-8 min-w-32")}
            >
              {typeOptions(row.dataType).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </td>
          {withLocation ? (
            <td className={cell}>
              {depth === 0 ? (
                <select
                  name={`${name}.inputType`}
                  defaultValue={row.inputType || "Query"}
                  aria-label="传入方式"
                  className={clsx(controlClass, "h-8 min-w-24")}
                >
                  {locationOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="text-[13px] text-gray-400">同上级</span>
              )}
            </td>
          ) : null}
          {input ? (
            <>
              <td className={clsx(cell, "text-center")}>
                <input
                  type="checkbox"
                  name={`${name}.require`}
                  defaultChecked={row.require}
                  aria-label={`${label}是否必须`}
                  className="mt-2"
                />
              </td>
              <td className={cell}>
                <input
                  name={`${name}.bindValue`}
                  defaultValue={row.bindValue}
                  aria-label="默认值"
                  aria-invalid={valueError ? true : undefined}
                  placeholder={hasChildren(row.dataType) || row.dataType.startsWith("Array_") ? "JSON" : "默认值"}
                  className={clsx(controlClass, "h-8 min-w-28")}
                />
              </td>
            </>
          ) : null}
          <td className={clsx(cell, "text-center")}>
            <input
              type="checkbox"
              name={`${name}.enable`}
              defaultChecked={row.enable}
              aria-label={input ? `${label}对模型可见` : `${label}开启`}
              className="mt-2"
            />
          </td>
          <td className={clsx(cell, "whitespace-nowrap text-right")}>
            {hasChildren(row.dataType) ? (
              <button
                type="submit"
                name="intent"
                value={`add:${list}.${at.join(".")}`}
                onClick={edit("add", at)}
                className={buttonClass("ghost", "sm")}
                aria-label={`为${label}添加子参数`}
                title="添加子参数"
              >
                <Plus className="size-4" aria-hidden />
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value={`remove:${list}.${at.join(".")}`}
              onClick={edit("remove", at)}
              className={buttonClass("ghost", "sm", "text-danger-700")}
              aria-label={`删除${label}`}
              title="删除"
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </td>
        </tr>
      );
      return hasChildren(row.dataType) ? [tr, ...renderRows(row.subArgs, at, `${name}.subArgs`)] : [tr];
    });

  const head = ["参数名称", "参数描述", "参数类型"];
  if (withLocation) head.push("传入方式");
  if (input) head.push("是否必须", "默认值", "对模型可见");
  else head.push("开启");
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="font-semibold">{title}</h2>
          {description ? <p className="text-[13px] text-gray-500">{description}</p> : null}
        </div>
        <div className="flex gap-2">
          {actions}
          <button
            type="submit"
            name="intent"
            value={`add:${list}`}
            onClick={edit("add", [])}
            className={buttonClass("secondary", "sm")}
          >
            <Plus className="size-4" aria-hidden />
            {input ? "添加入参" : "添加出参"}
          </button>
        </div>
      </header>
      {current.length === 0 ? (
        <p className="rounded-md border border-gray-200 border-dashed px-3 py-4 text-center text-[13px] text-gray-500">
          {input
            ? "还没有入参。插件需要调用方提供的信息，在这里逐个添加。"
            : "还没有出参。可以手动添加，或试运行后解析出参。"}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-gray-200">
          <table className="w-full border-collapse text-left">
            <thead className="bg-gray-50 text-[13px] text-gray-500">
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col" className="px-2 py-1.5 font-normal">
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1.5 text-right font-normal">
                  操作
                </th>
              </tr>
            </thead>
            <tbody>{renderRows(current, [], list)}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The rows with the row at `path` given another type (its children kept, shown again if it holds them). */
function retype(rows: ArgRow[], path: number[], dataType: string): ArgRow[] {
  const [head, ...rest] = path;
  return rows.map((row, i) =>
    i !== head ? row : rest.length ? { ...row, subArgs: retype(row.subArgs, rest, dataType) } : { ...row, dataType },
  );
}
