import { clsx } from "clsx";
import type { ComponentProps } from "react";

export const controlClass =
  "w-full rounded-md border border-gray-300 bg-white px-3 text-gray-900 placeholder:text-gray-400 focus:border-primary-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 aria-invalid:border-danger-600 disabled:bg-gray-100";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={clsx(controlClass, "h-9", className)} {...props} />;
}
