import { clsx } from "clsx";
import { CornerDownRight, Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClass } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/input";
import { optionsOf, variableDataTypeLabels } from "#app/lib/labels";
import type { Arg } from "#contract/args";
import {
  type ArgPath,
  addArg,
  argsOf,
  bindReference,
  hasChildren,
  literalOf,
  literalText,
  removeArg,
  retypeArg,
  setBindType,
  updateArg,
} from "./args-state";
import type { ReferenceOption } from "./graph";
import type { KindFormProps } from "./types";
import { Section } from "./widgets";

const typeOptions = optionsOf(variableDataTypeLabels);
const control = clsx(controlClass, "h-8 min-w-0 text-[13px]");

interface ArgRowsProps {
  title: string;
  args: readonly Arg[];
  onChange: (args: Arg[]) => void;
  /** Rows take a value: a literal or a reference picked from these options. */
  bindable?: boolean;
  references?: readonly ReferenceOption[];
  /** Object rows hold child rows (output structures). */
  nested?: boolean;
  /** A description column (parameters other people fill in, e.g. the Start node's). */
  described?: boolean;
  /** A 必填 checkbox per top-level row. */
  requirable?: boolean;
  /** Names fixed by the node (a plugin's parameters): rows cannot be added, removed or renamed. */
  fixed?: boolean;
  hint?: string;
  empty?: string;
}

/** The reference picker: `节点名 - 参数名` of real upstream outputs; a stale key stays visible as 已失效. */
export function ReferenceSelect({
  label,
  value,
  references,
  onPick,
}: {
  label: string;
  value: unknown;
  references: readonly ReferenceOption[];
  onPick: (option: ReferenceOption) => void;
}) {
  const key = typeof value === "string" ? value : "";
  const known = references.some((o) => o.key === key);
  return (
    <select
      aria-label={label}
      value={key}
      aria-invalid={key && !known ? true : undefined}
      onChange={(e) => {
        const option = references.find((o) => o.key === e.target.value);
        if (option) onPick(option);
      }}
      className={control}
    >
      <option value="">{references.length ? "请选择引用的变量" : "没有可引用的上游变量"}</option>
      {key && !known ? <option value={key}>已失效的引用（{key}）</option> : null}
      {references.map((o) => (
        <option key={o.key} value={o.key}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A literal or a reference, as one control pair (mode + value). */
export function ValueInput({
  label,
  arg,
  references,
  onChange,
}: {
  label: string;
  arg: Arg;
  references: readonly ReferenceOption[];
  onChange: (arg: Arg) => void;
}) {
  const mode = arg.bindValueType ?? "Input";
  return (
    <div className="flex min-w-0 flex-1 gap-1">
      <select
        aria-label={`${label}取值方式`}
        value={mode}
        onChange={(e) => onChange(setBindType(arg, e.target.value as "Input" | "Reference"))}
        className={clsx(control, "w-20 shrink-0")}
      >
        <option value="Reference">引用</option>
        <option value="Input">输入</option>
      </select>
      {mode === "Reference" ? (
        <ReferenceSelect
          label={`${label}引用`}
          value={arg.bindValue}
          references={references}
          onPick={(o) => onChange(bindReference(arg, o))}
        />
      ) : (
        <input
          aria-label={`${label}值`}
          value={literalText(arg.bindValue)}
          placeholder={hasChildren(arg.dataType) || arg.dataType.startsWith("Array_") ? "JSON" : "输入值"}
          onChange={(e) => onChange({ ...arg, bindValue: literalOf(e.target.value, arg.dataType) })}
          className={control}
        />
      )}
    </div>
  );
}

/**
 * An argument table of a node: name, type, and per the node's needs a value (literal or reference), a
 * description, 必填, and child rows for objects.
 */
export function ArgRows(props: ArgRowsProps) {
  const { title, args, onChange, bindable, references = [], nested, described, requirable, fixed, hint, empty } = props;
  const change = (path: ArgPath, fn: (a: Arg) => Arg) => onChange(updateArg(args, path, fn));

  const rows = (items: readonly Arg[], path: ArgPath): ReactNode[] =>
    items.flatMap((arg, i) => {
      const at = [...path, i];
      const depth = path.length;
      const label = arg.name || `第 ${i + 1} 个参数`;
      const row = (
        <li key={arg.key ?? `${at.join("-")}`} className="flex flex-col gap-1" style={{ paddingLeft: depth * 14 }}>
          <div className="flex items-center gap-1">
            {depth ? <CornerDownRight className="size-3.5 shrink-0 text-gray-400" aria-hidden /> : null}
            <input
              aria-label="参数名称"
              value={arg.name}
              readOnly={fixed}
              maxLength={64}
              placeholder="参数名称"
              onChange={(e) => change(at, (a) => ({ ...a, name: e.target.value }))}
              className={clsx(control, "min-w-0 flex-1")}
            />
            <select
              aria-label={`${label}类型`}
              value={arg.dataType}
              disabled={fixed}
              onChange={(e) => change(at, (a) => retypeArg(a, e.target.value))}
              className={clsx(control, "w-28 shrink-0")}
            >
              {(typeOptions.some((o) => o.value === arg.dataType)
                ? typeOptions
                : [...typeOptions, { value: arg.dataType, label: arg.dataType }]
              ).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {requirable && depth === 0 ? (
              <label className="inline-flex shrink-0 items-center gap-1 text-[12px]">
                <input
                  type="checkbox"
                  checked={arg.require ?? false}
                  disabled={fixed}
                  onChange={(e) => change(at, (a) => ({ ...a, require: e.target.checked }))}
                  aria-label={`${label}必填`}
                />
                必填
              </label>
            ) : null}
            {nested && hasChildren(arg.dataType) && !fixed ? (
              <button
                type="button"
                onClick={() => onChange(addArg(args, at, false))}
                className={buttonClass("ghost", "sm")}
                aria-label={`为${label}添加子参数`}
                title="添加子参数"
              >
                <Plus className="size-4" aria-hidden />
              </button>
            ) : null}
            {fixed ? null : (
              <button
                type="button"
                onClick={() => onChange(removeArg(args, at))}
                className={buttonClass("ghost", "sm", "text-danger-700")}
                aria-label={`删除${label}`}
                title="删除"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            )}
          </div>
          {/* The value on its own line: the side panel is narrow, and a reference label can be long. */}
          {bindable && depth === 0 ? (
            <ValueInput label={label} arg={arg} references={references} onChange={(a) => change(at, () => a)} />
          ) : null}
          {described ? (
            <input
              aria-label={`${label}描述`}
              value={arg.description ?? ""}
              maxLength={500}
              placeholder="参数描述"
              onChange={(e) => change(at, (a) => ({ ...a, description: e.target.value }))}
              className={control}
            />
          ) : null}
        </li>
      );
      return nested && hasChildren(arg.dataType) ? [row, ...rows(arg.subArgs ?? [], at)] : [row];
    });

  return (
    <Section
      title={title}
      hint={hint}
      actions={
        fixed ? null : (
          <button
            type="button"
            onClick={() => onChange(addArg(args, [], Boolean(bindable)))}
            className={buttonClass("secondary", "sm")}
            aria-label={`添加${title}`}
          >
            <Plus className="size-4" aria-hidden />
            添加
          </button>
        )
      }
    >
      {args.length ? (
        <ul className="flex flex-col gap-2">{rows(args, [])}</ul>
      ) : (
        <p className="rounded-md border border-gray-200 border-dashed px-3 py-2 text-center text-[12px] text-gray-500">
          {empty ?? "还没有参数"}
        </p>
      )}
    </Section>
  );
}

/** A node's 输入参数: each a literal or a reference to an upstream output (`hint` says what they are for). */
export function InputArgs({
  config,
  set,
  ctx,
  hint,
}: Pick<KindFormProps, "config" | "set" | "ctx"> & { hint?: string }) {
  return (
    <ArgRows
      title="输入参数"
      args={argsOf(config.inputArgs)}
      onChange={(inputArgs) => set({ inputArgs })}
      bindable
      references={ctx.references}
      hint={hint}
    />
  );
}
