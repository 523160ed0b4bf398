import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  /** The next step, usually one primary button or link. */
  action?: ReactNode;
}

export function EmptyState({ icon: Icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-card border border-gray-300 border-dashed bg-white px-6 py-16 text-center">
      <Icon className="size-10 text-gray-400" aria-hidden strokeWidth={1.5} />
      <p className="font-medium text-base text-gray-800">{title}</p>
      {description ? <p className="max-w-md text-gray-500">{description}</p> : null}
      {action}
    </div>
  );
}
