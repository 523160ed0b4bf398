import { clsx } from "clsx";
import { Form, Link } from "react-router";
import { useSubmitting } from "#app/lib/use-submitting";
import { LONG_TEXT_MAX, STRING_MAX } from "#contract/api/table";
import { Button, buttonClass } from "../ui/button";
import { FormErrors } from "../ui/field";
import { controlClass } from "../ui/input";
import { type FieldErrors, type FieldInfoLike, fieldTypeLabel, firstErrorField } from "./field-rows";
import { editableColumns, rowFieldName } from "./row-values";

interface RowFormProps {
  columns: FieldInfoLike[];
  /** The row being edited; absent when adding. */
  rowId?: number;
  /** The inputs' starting texts, by field name. */
  texts: Record<string, string>;
  errors?: FieldErrors;
  formError?: string;
  cancelTo: string;
}

/** One typed input per editable column (the API's own checks answer under each field). Works without JavaScript. */
export function RowForm({ columns, rowId, texts, errors, formError, cancelTo }: RowFormProps) {
  const busy = useSubmitting("row-save");
  const shown = editableColumns(columns);
  const focus = firstErrorField(errors) ?? (shown[0] ? rowFieldName(shown[0].fieldName) : undefined);
  return (
    <Form method="post" noValidate className="flex flex-col gap-4" aria-label={rowId ? "编辑数据" : "新增数据"}>
      <input type="hidden" name="intent" value="row-save" />
      {rowId ? <input type="hidden" name="rowId" value={rowId} /> : null}
      <FormErrors errors={formError ? [formError] : undefined} />
      {shown.length === 0 ? <p className="text-gray-500">表中还没有可填写的字段，请先在“表结构”中新增字段。</p> : null}
      {shown.map((column) => {
        const name = rowFieldName(column.fieldName);
        const error = errors?.[name]?.[0];
        const id = `row-field-${column.fieldName}`;
        const required = !column.nullableFlag && column.defaultValue === null;
        return (
          <div key={column.id} className="flex flex-col gap-1.5">
            <label htmlFor={id} className="font-medium text-gray-800">
              {column.fieldName}
              <span className="ml-2 font-normal text-[13px] text-gray-500">
                {fieldTypeLabel(column.fieldType)}
                {required ? " · 必填" : ""}
              </span>
            </label>
            <CellInput
              id={id}
              name={name}
              column={column}
              value={texts[column.fieldName] ?? ""}
              invalid={Boolean(error)}
              autoFocus={focus === name}
            />
            {column.fieldDescription && !error ? (
              <p className="text-[13px] text-gray-500">{column.fieldDescription}</p>
            ) : null}
            {error ? (
              <p role="alert" className="text-[13px] text-danger-600">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" loading={busy} disabled={shown.length === 0}>
          保存
        </Button>
      </div>
    </Form>
  );
}

interface CellInputProps {
  id: string;
  name: string;
  column: FieldInfoLike;
  value: string;
  invalid: boolean;
  autoFocus: boolean;
}

/** The input a column's type calls for: text (≤255), a textarea for long text, numbers, 是/否, date and time. */
function CellInput({ id, name, column, value, invalid, autoFocus }: CellInputProps) {
  const common = {
    id,
    name,
    defaultValue: value,
    autoFocus,
    "aria-invalid": invalid || undefined,
  };
  switch (column.fieldType) {
    case 7:
      return <textarea {...common} rows={4} maxLength={LONG_TEXT_MAX} className={clsx(controlClass, "py-2")} />;
    case 2:
      return <input {...common} type="number" step={1} inputMode="numeric" className={clsx(controlClass, "h-9")} />;
    case 3:
      return <input {...common} type="number" step="any" inputMode="decimal" className={clsx(controlClass, "h-9")} />;
    case 4:
      return (
        <select {...common} className={clsx(controlClass, "h-9")}>
          <option value="">（空）</option>
          <option value="true">是</option>
          <option value="false">否</option>
        </select>
      );
    case 5:
      return <input {...common} type="datetime-local" step={1} className={clsx(controlClass, "h-9")} />;
    default:
      return <input {...common} type="text" maxLength={STRING_MAX} className={clsx(controlClass, "h-9")} />;
  }
}
