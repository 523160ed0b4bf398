import { clsx } from "clsx";
import { type ReactNode, useId } from "react";
import { controlClass } from "#app/components/ui/input";

/** Small labelled controls for the side panel: every control has a real <label>, so getByLabel finds it. */

interface Labelled {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
}

function Frame({ id, label, hint, error, className, children }: Labelled & { id: string; children: ReactNode }) {
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="font-medium text-[13px] text-gray-700">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-[12px] text-gray-500">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-[12px] text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  value,
  onChange,
  placeholder,
  maxLength,
  ...frame
}: Labelled & { value: string; onChange: (v: string) => void; placeholder?: string; maxLength?: number }) {
  const id = useId();
  return (
    <Frame id={id} {...frame}>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={frame.error ? true : undefined}
        className={clsx(controlClass, "h-8")}
      />
    </Frame>
  );
}

export function TextAreaField({
  value,
  onChange,
  placeholder,
  rows = 3,
  ...frame
}: Labelled & { value: string; onChange: (v: string) => void; placeholder?: string; rows?: number }) {
  const id = useId();
  return (
    <Frame id={id} {...frame}>
      <textarea
        id={id}
        value={value}
        rows={rows}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-invalid={frame.error ? true : undefined}
        className={clsx(controlClass, "py-1.5")}
      />
    </Frame>
  );
}

/** A number box; empty means "not set" (null), so optional settings can be cleared. */
export function NumberField({
  value,
  onChange,
  min,
  max,
  step,
  ...frame
}: Labelled & {
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
}) {
  const id = useId();
  return (
    <Frame id={id} {...frame}>
      <input
        id={id}
        type="number"
        value={value ?? ""}
        min={min}
        max={max}
        step={step}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        aria-invalid={frame.error ? true : undefined}
        className={clsx(controlClass, "h-8")}
      />
    </Frame>
  );
}

export function SelectField<V extends string>({
  value,
  onChange,
  options,
  placeholder,
  ...frame
}: Labelled & {
  value: V | "";
  onChange: (v: V) => void;
  options: readonly { value: V; label: string }[];
  placeholder?: string;
}) {
  const id = useId();
  return (
    <Frame id={id} {...frame}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        aria-invalid={frame.error ? true : undefined}
        className={clsx(controlClass, "h-8")}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** Mutually exclusive choices as a labelled radio group (the node's mode switches). */
export function RadioGroup<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (v: V) => void;
  options: readonly { value: V; label: string }[];
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium text-[13px] text-gray-700">{label}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-1.5 text-[13px]">
            <input type="radio" name={name} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A titled block of the form; `actions` sit beside the title (e.g. 添加). */
export function Section({
  title,
  hint,
  actions,
  children,
}: {
  title: string;
  hint?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-2 border-gray-100 border-t pt-3">
      <header className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-[13px] text-gray-800">{title}</h3>
        {actions}
      </header>
      {hint ? <p className="text-[12px] text-gray-500">{hint}</p> : null}
      {children}
    </section>
  );
}
