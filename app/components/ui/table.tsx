import { clsx } from "clsx";
import type { ReactNode } from "react";

export interface Column {
  label: string;
  className?: string;
}

/** A plain, server-rendered data table: header labels, rows given as children, a sentence when empty. */
export function Table({
  columns,
  empty,
  label,
  children,
}: {
  columns: readonly (string | Column)[];
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  label?: string;
  children: ReactNode[];
}) {
  if (!children.length && empty) {
    return (
      <p className="rounded-md border border-gray-200 border-dashed bg-white px-4 py-10 text-center text-gray-500">
        {empty}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-card border border-gray-200 bg-white">
      {/* Below 768 px a wide table scrolls inside its card (cells keep 8rem) instead of crushing its columns. */}
      <table className="w-full border-collapse text-left max-md:min-w-[48rem]" aria-label={label}>
        <thead className="border-gray-200 border-b bg-gray-50 text-gray-500">
          <tr>
            {columns.map((c) => {
              const col = typeof c === "string" ? { label: c } : c;
              return (
                <th
                  key={col.label}
                  scope="col"
                  className={clsx("whitespace-nowrap px-3 py-2 font-normal", col.className)}
                >
                  {col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The cell style every table row uses. */
export const cellClass = "border-gray-100 border-t px-3 py-2.5 align-top max-md:min-w-32";
