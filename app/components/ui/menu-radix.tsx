import { type RefObject, useEffect, useRef, useState } from "react";
import { Link, useSubmit } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import type { MenuProps } from "./menu";

interface RadixMenuProps extends MenuProps {
  /**
   * The menu was asked to open (pointer down or a key on the plain trigger): before this module arrived, or just
   * after it mounted closed from an earlier approach — a press then still opens it.
   */
  defaultOpen: boolean;
  /** Whether the trigger this one replaces had the focus (set as it is removed). */
  refocus: RefObject<boolean>;
}

/** The hydrated menu (Radix: keyboard navigation, outside click, Esc), loaded when the trigger is first approached. */
export default function RadixMenu({
  trigger,
  label,
  heading,
  entries,
  side = "bottom",
  align = "start",
  triggerClassName,
  defaultOpen,
  refocus,
}: RadixMenuProps) {
  const submit = useSubmit();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(defaultOpen);
  useEffect(() => {
    if (defaultOpen) setOpen(true);
  }, [defaultOpen]);
  useEffect(() => {
    if (refocus.current && !defaultOpen) triggerRef.current?.focus();
  }, [refocus, defaultOpen]);

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger ref={triggerRef} className={triggerClassName} aria-label={label}>
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
