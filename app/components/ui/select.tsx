import { clsx } from "clsx";
import type { ComponentProps } from "react";
import { controlClass } from "./input";

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps extends ComponentProps<"select"> {
  options: readonly SelectOption[];
}

/** A native select: it works without JavaScript and on every device. */
export function Select({ options, className, ...props }: SelectProps) {
  return (
    <select className={clsx(controlClass, "h-9 pr-8", className)} {...props}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
