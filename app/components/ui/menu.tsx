import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  menuItemClass,
} from "./dropdown-menu";

export type MenuEntry =
  | { kind: "link"; key: string; label: ReactNode; to: string; current?: boolean }
  /** A POST carrying only its `intent`, e.g. sign out. */
  | { kind: "post"; key: string; label: ReactNode; action: string; intent: string }
  /** Runs `onSelect` with JavaScript; without it, follows `to` (a page doing the same thing). */
  | { kind: "command"; key: string; label: ReactNode; to: string; onSelect: () => void }
  | { kind: "separator"; key: string };

interface MenuProps {
  trigger: ReactNode;
  /** Accessible name of the trigger. */
  label: string;
  heading?: string;
  entries: MenuEntry[];
  side?: "right" | "bottom";
  align?: "start" | "end";
  triggerClassName?: string;
}

const popoverPlacement = {
  right: "bottom-0 left-full ml-2",
  bottom: "top-full left-0 mt-1",
} as const;

/**
 * A menu that works before JavaScript: server-rendered as a <details> disclosure holding plain links and
 * forms, upgraded after hydration to a Radix dropdown (keyboard navigation, outside click, Esc).
 */
export function Menu({
  trigger,
  label,
  heading,
  entries,
  side = "bottom",
  align = "start",
  triggerClassName,
}: MenuProps) {
  const hydrated = useHydrated();
  const submit = useSubmit();

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className={clsx("cursor-pointer list-none", triggerClassName)} aria-label={label}>
          {trigger}
        </summary>
        <div
          className={clsx(
            "absolute z-50 w-56 rounded-card border border-gray-200 bg-white p-1 shadow-lg",
            popoverPlacement[side],
          )}
        >
          {heading ? <p className="truncate px-2.5 py-1.5 text-[13px] text-gray-500">{heading}</p> : null}
          {entries.map((entry) => {
            if (entry.kind === "separator") return <hr key={entry.key} className="my-1 border-gray-100" />;
            if (entry.kind === "post") {
              return (
                <Form key={entry.key} method="post" action={entry.action}>
                  <input type="hidden" name="intent" value={entry.intent} />
                  <button type="submit" className={menuItemClass}>
                    {entry.label}
                  </button>
                </Form>
              );
            }
            return (
              <Link
                key={entry.key}
                to={entry.to}
                className={menuItemClass}
                aria-current={entry.kind === "link" && entry.current ? "page" : undefined}
              >
                {entry.label}
              </Link>
            );
          })}
        </div>
      </details>
    );
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={triggerClassName} aria-label={label}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={side} align={align}>
        {heading ? (
          <>
            <DropdownMenuLabel>{heading}</DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        ) : null}
        {entries.map((entry) => {
          if (entry.kind === "separator") return <DropdownMenuSeparator key={entry.key} />;
          if (entry.kind === "post") {
            return (
              <DropdownMenuItem
                key={entry.key}
                onSelect={() => submit({ intent: entry.intent }, { method: "post", action: entry.action })}
              >
                {entry.label}
              </DropdownMenuItem>
            );
          }
          if (entry.kind === "command") {
            return (
              <DropdownMenuItem key={entry.key} onSelect={entry.onSelect}>
                {entry.label}
              </DropdownMenuItem>
            );
          }
          return (
            <DropdownMenuItem key={entry.key} asChild>
              <Link to={entry.to} aria-current={entry.current ? "page" : undefined}>
                {entry.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
