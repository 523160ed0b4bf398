import { clsx } from "clsx";
import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";

/** The slice of conform's field metadata a Field needs. */
export interface FieldState {
  id: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
}

interface FieldProps {
  label: string;
  field: FieldState;
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** Label, control and the field's first error in Chinese, wired for screen readers via conform's ids. */
export function Field({ label, field, hint, className, children }: FieldProps) {
  const error = field.errors?.[0];
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={field.id} className="font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={field.descriptionId} className="text-[13px] text-gray-500">
          {hint}
        </p>
      ) : null}
      <p id={field.errorId} className={clsx("text-[13px] text-danger-600", !error && "hidden")} role="alert">
        {error}
      </p>
    </div>
  );
}

/** Errors that belong to the whole form, e.g. a refusal from the server. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-danger-700"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>
        {errors.map((e) => (
          <p key={e}>{e}</p>
        ))}
      </div>
    </div>
  );
}
