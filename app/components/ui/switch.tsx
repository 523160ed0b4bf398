import type { ComponentProps } from "react";

interface SwitchProps extends Omit<ComponentProps<"input">, "type"> {
  label: string;
}

/**
 * An on/off switch: a real checkbox (so it posts "on" in a plain form, without JavaScript), drawn as a
 * sliding track with its label beside it.
 */
export function Switch({ label, className, ...props }: SwitchProps) {
  return (
    <label className={className ?? "inline-flex cursor-pointer items-center gap-2"}>
      <input type="checkbox" className="peer sr-only" {...props} />
      <span
        aria-hidden
        className="relative h-5 w-9 shrink-0 rounded-full bg-gray-300 transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-[#fff] after:shadow after:transition-transform peer-checked:bg-primary-600 peer-checked:after:translate-x-4 peer-focus-visible:outline-2 peer-focus-visible:outline-primary-500 peer-focus-visible:outline-offset-2 peer-disabled:opacity-50"
      />
      <span>{label}</span>
    </label>
  );
}
