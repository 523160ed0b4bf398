import { clsx } from "clsx";
import type { ComponentProps } from "react";
import { controlClass } from "./input";

export interface SelectOption {
  value: string;
  label: string;
  /** Options naming a group are shown under it (an `<optgroup>`), in the order the groups first appear. */
  group?: string;
}

interface SelectProps extends ComponentProps<"select"> {
  options: readonly SelectOption[];
}

const optionOf = (o: SelectOption) => (
  <option key={o.value} value={o.value}>
    {o.label}
  </option>
);

/** A native select: it works without JavaScript and on every device. */
export function Select({ options, className, ...props }: SelectProps) {
  const groups = new Map<string, SelectOption[]>();
  for (const o of options) if (o.group !== undefined) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  return (
    <select className={clsx(controlClass, "h-9 pr-8", className)} {...props}>
      {options.filter((o) => o.group === undefined).map(optionOf)}
      {[...groups].map(([label, grouped]) => (
        <optgroup key={label} label={label}>
          {grouped.map(optionOf)}
        </optgroup>
      ))}
    </select>
  );
}
