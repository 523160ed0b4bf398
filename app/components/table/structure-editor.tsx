import { clsx } from "clsx";
import { Lock, Plus, Trash2 } from "lucide-react";
import { type FormEvent, type MouseEvent, useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { useSubmitting } from "#app/lib/use-submitting";
import { STRING_MAX } from "#contract/api/table";
import { Button } from "../ui/button";
import { FormErrors } from "../ui/field";
import { controlClass, Input } from "../ui/input";
import {
  applyFieldEdit,
  checkDefinition,
  type FieldErrors,
  type FieldInfoLike,
  type FieldRow,
  fieldTypeChoices,
  fieldTypeLabel,
  firstErrorField,
  isLocked,
  readFieldRows,
  systemFields,
} from "./field-rows";

interface StructureEditorProps {
  tableId: number;
  /** All fields of the table, system ones included. */
  fieldList: FieldInfoLike[];
  /** The custom fields to show: the saved ones, or the posted ones when a reply came back. */
  rows: FieldRow[];
  hasData: boolean;
  errors?: FieldErrors;
  formError?: string;
}

const LOCK_HINT = "表中已有数据，不能修改已有字段的类型和约束，请先清空数据";
const cell = "px-2 py-1.5 align-top";

/**
 * 表结构: the system fields folded under one row, then one editable row per custom field. The rows post as
 * indexed fields and 新增字段 / 删除 are named submits, so the editor works without JavaScript; with it, they
 * edit the rows in place and 保存 is checked by the contract's rules before it posts.
 */
export function StructureEditor({ tableId, fieldList, rows, hasData, errors, formError }: StructureEditorProps) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(rows);
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const busy = useSubmitting("save-structure");
  const shown = clientErrors ?? errors;
  const system = systemFields(fieldList);

  const edit = (change: Parameters<typeof applyFieldEdit>[1]) => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setCurrent((old) => applyFieldEdit(old, change));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== "save-structure") return;
    const checked = checkDefinition(tableId, readFieldRows(new FormData(event.currentTarget, submitter)));
    if (checked.ok) return setClientErrors(undefined);
    event.preventDefault();
    setClientErrors(checked.errors);
    const first = firstErrorField(checked.errors);
    const field = first ? event.currentTarget.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  };
  const error = (name: string) => shown?.[name]?.[0];
  const focus = firstErrorField(shown);

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="表结构">
      <FormErrors errors={formError ? [formError] : undefined} />
      {hasData ? (
        <p className="flex items-center gap-2 rounded-md bg-warning-50 px-3 py-2 text-[13px] text-warning-700">
          <Lock className="size-4 shrink-0" aria-hidden />
          {LOCK_HINT}；新增字段和修改名称、描述、默认值不受影响。
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-card border border-gray-200 bg-white">
        <table className="w-full border-collapse text-left">
          <thead className="border-gray-200 border-b bg-gray-50 text-gray-500">
            <tr>
              {["字段名", "描述", "类型", "可为空", "唯一", "默认值", "启用", "操作"].map((label) => (
                <th key={label} scope="col" className="whitespace-nowrap px-2 py-2 font-normal">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="border-gray-100 border-t">
              <td colSpan={8} className="px-2 py-1.5">
                <details>
                  <summary className="cursor-pointer text-gray-600">系统字段（{system.length} 个，只读）</summary>
                  <ul className="mt-2 grid gap-1 text-[13px] text-gray-600 sm:grid-cols-2">
                    {system.map((f) => (
                      <li key={f.id}>
                        <code className="text-gray-800">{f.fieldName}</code> · {fieldTypeLabel(f.fieldType)}
                        {f.fieldDescription ? ` · ${f.fieldDescription}` : ""}
                      </li>
                    ))}
                  </ul>
                </details>
              </td>
            </tr>
            {current.map((row, i) => {
              const name = `fields[${i}]`;
              const locked = isLocked(row, hasData);
              const label = row.fieldName || `第 ${i + 1} 个字段`;
              const nameError = error(`${name}.fieldName`);
              const defaultError = error(`${name}.defaultValue`);
              const typeError = error(`${name}.fieldType`);
              return (
                <tr key={row.key} className="border-gray-100 border-t">
                  <td className={cell}>
                    <input type="hidden" name={`${name}.id`} value={row.id} />
                    <Input
                      name={`${name}.fieldName`}
                      defaultValue={row.fieldName}
                      aria-label="字段名"
                      aria-invalid={nameError ? true : undefined}
                      autoFocus={focus === `${name}.fieldName`}
                      placeholder="字母开头，如 title"
                      maxLength={64}
                      className="min-w-32"
                    />
                    <CellError message={nameError} />
                  </td>
                  <td className={cell}>
                    <input
                      name={`${name}.fieldDescription`}
                      defaultValue={row.fieldDescription}
                      aria-label="字段描述"
                      maxLength={200}
                      className={clsx(controlClass, "h-8 min-w-32")}
                    />
                  </td>
                  <td className={cell} title={locked ? LOCK_HINT : undefined}>
                    {locked ? <input type="hidden" name={`${name}.fieldType`} value={row.fieldType} /> : null}
                    <select
                      name={locked ? undefined : `${name}.fieldType`}
                      defaultValue={row.fieldType}
                      disabled={locked}
                      aria-label="字段类型"
                      className={clsx(controlClass, "h-8 min-w-24")}
                    >
                      {fieldTypeChoices.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                    <CellError message={typeError} />
                  </td>
                  <FlagCell name={`${name}.nullableFlag`} label="可为空" on={row.nullableFlag} locked={locked} />
                  <FlagCell name={`${name}.uniqueFlag`} label="唯一" on={row.uniqueFlag} locked={locked} />
                  <td className={cell}>
                    <input
                      name={`${name}.defaultValue`}
                      defaultValue={row.defaultValue}
                      aria-label="默认值"
                      aria-invalid={defaultError ? true : undefined}
                      maxLength={STRING_MAX}
                      className={clsx(controlClass, "h-8 min-w-24")}
                    />
                    <CellError message={defaultError} />
                  </td>
                  <FlagCell name={`${name}.enabledFlag`} label="启用" on={row.enabledFlag} />
                  <td className={cell}>
                    <button
                      type="submit"
                      name="intent"
                      value={`field-remove:${i}`}
                      formNoValidate
                      onClick={edit({ op: "remove", index: i })}
                      aria-label={`删除字段${label}`}
                      className="rounded p-1.5 text-gray-500 hover:bg-gray-100 hover:text-danger-600"
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {current.length === 0 ? (
        <p className="text-[13px] text-gray-500">还没有自定义字段，点击“新增字段”添加第一个。</p>
      ) : null}
      <CellError message={error("")} />
      <div className="flex justify-between gap-2">
        <Button
          type="submit"
          name="intent"
          value="field-add"
          variant="secondary"
          formNoValidate
          onClick={edit({ op: "add" })}
        >
          <Plus className="size-4" aria-hidden />
          新增字段
        </Button>
        <Button type="submit" name="intent" value="save-structure" loading={busy}>
          保存
        </Button>
      </div>
    </Form>
  );
}

function CellError({ message }: { message?: string }) {
  return message ? (
    <span role="alert" className="block text-[12px] text-danger-600">
      {message}
    </span>
  ) : null;
}

/** A switch cell; a locked one shows its value and posts it in a hidden field (a disabled box posts nothing). */
function FlagCell({ name, label, on, locked }: { name: string; label: string; on: boolean; locked?: boolean }) {
  return (
    <td className={cell} title={locked ? LOCK_HINT : undefined}>
      {locked && on ? <input type="hidden" name={name} value="on" /> : null}
      <input
        type="checkbox"
        name={locked ? undefined : name}
        defaultChecked={on}
        disabled={locked}
        aria-label={label}
        className="mt-2 size-4"
      />
    </td>
  );
}
