import { clsx } from "clsx";
import type { ReactNode } from "react";

interface CardProps {
  title?: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function Card({ title, description, actions, className, children }: CardProps) {
  return (
    <section className={clsx("rounded-card border border-gray-200 bg-white p-5", className)}>
      {title || actions ? (
        <header className="mb-4 flex items-start justify-between gap-4">
          <div>
            {title ? <h2 className="font-semibold text-base">{title}</h2> : null}
            {description ? <p className="text-gray-500">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}
