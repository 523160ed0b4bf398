import { clsx } from "clsx";
import { Link } from "react-router";

export interface TabItem {
  key: string;
  label: string;
  /** Where the tab leads; state lives in the URL so tabs work without JavaScript and survive a reload. */
  to: string;
}

export function Tabs({ items, active, label }: { items: readonly TabItem[]; active: string; label: string }) {
  return (
    <nav aria-label={label} className="flex gap-1 rounded-md bg-gray-100 p-1">
      {items.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          replace
          aria-current={item.key === active ? "page" : undefined}
          className={clsx(
            "flex-1 rounded px-3 py-1.5 text-center font-medium transition-colors",
            item.key === active ? "bg-white text-primary-700 shadow-sm" : "text-gray-600 hover:text-gray-900",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
