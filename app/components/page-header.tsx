import type { ReactNode } from "react";

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-semibold text-xl">{title}</h1>
        {description ? <p className="text-gray-500">{description}</p> : null}
      </div>
      {actions}
    </header>
  );
}
