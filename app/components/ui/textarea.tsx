import { clsx } from "clsx";
import type { ComponentProps } from "react";
import { controlClass } from "./input";

export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return <textarea rows={rows} className={clsx(controlClass, "py-2", className)} {...props} />;
}
