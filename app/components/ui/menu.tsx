import { clsx } from "clsx";
import {
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  startTransition,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";

/** Radix's dropdown (~30 KB gzip with its shared parts) loads when a menu trigger is first approached. */
const RadixMenu = lazy(() => import("./menu-radix"));

export const menuItemClass =
  "flex w-full cursor-pointer select-none items-center gap-2 rounded px-2.5 py-1.5 text-left text-gray-800 outline-none data-[highlighted]:bg-gray-100";

export type MenuEntry =
  | { kind: "link"; key: string; label: ReactNode; to: string; current?: boolean }
  /** A POST carrying only its `intent`, e.g. sign out. */
  | { kind: "post"; key: string; label: ReactNode; action: string; intent: string }
  /** Runs `onSelect` with JavaScript; without it, follows `to` (a page doing the same thing). */
  | { kind: "command"; key: string; label: ReactNode; to: string; onSelect: () => void }
  | { kind: "separator"; key: string };

export interface MenuProps {
  trigger: ReactNode;
  /** Accessible name of the trigger. */
  label: string;
  heading?: string;
  entries: MenuEntry[];
  side?: "right" | "bottom";
  align?: "start" | "end";
  triggerClassName?: string;
  /** Open from the start: a list whose rows' menus are links until asked for (`?menu=`) draws the asked one open. */
  defaultOpen?: boolean;
}

const popoverPlacement = {
  right: "bottom-0 left-full ml-2",
  bottom: "top-full left-0 mt-1",
} as const;

/**
 * A menu that works before JavaScript: server-rendered as a <details> disclosure holding plain links and
 * forms, upgraded after hydration to a Radix dropdown (keyboard navigation, outside click, Esc). Radix's code
 * loads when the pointer or the focus first reaches the trigger; a press before it arrives opens the menu as
 * soon as it has.
 */
export function Menu(props: MenuProps) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState<{ open: boolean } | null>(props.defaultOpen ? { open: true } : null);
  const hadFocus = useRef(false);
  if (!hydrated) return <DisclosureMenu {...props} />;
  // A transition keeps the plain trigger on screen (and focused) until Radix's menu is ready to replace it.
  const load = (open: boolean) => startTransition(() => setWanted((w) => ({ open: open || !!w?.open })));
  const plain = <PlainTrigger {...props} load={load} hadFocus={hadFocus} />;
  return (
    <Suspense fallback={plain}>
      {wanted ? <RadixMenu {...props} defaultOpen={wanted.open} refocus={hadFocus} /> : plain}
    </Suspense>
  );
}

interface PlainTriggerProps extends MenuProps {
  load: (open: boolean) => void;
  hadFocus: RefObject<boolean>;
}

/** The trigger until Radix's menu arrives: looks and reads the same, and asks for it on approach or press. */
function PlainTrigger({ trigger, label, triggerClassName, load, hadFocus }: PlainTriggerProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // Read as it is removed (still in the page): the Radix trigger taking its place takes the focus over.
  useLayoutEffect(() => {
    const button = ref.current;
    return () => {
      hadFocus.current = document.activeElement === button;
    };
  }, [hadFocus]);
  return (
    <button
      ref={ref}
      type="button"
      className={triggerClassName}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => load(false)}
      onFocus={() => load(false)}
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) load(true);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
          event.preventDefault();
          load(true);
        }
      }}
    >
      {trigger}
    </button>
  );
}

/** The menu before hydration and without JavaScript: a <details> disclosure of plain links and forms. */
function DisclosureMenu({
  trigger,
  label,
  heading,
  entries,
  side = "bottom",
  triggerClassName,
  defaultOpen,
}: MenuProps) {
  return (
    <details className="relative" open={defaultOpen}>
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
          const current = entry.kind === "link" && entry.current ? "page" : undefined;
          // This menu is gone once the page is hydrated, so a path needs no client-side <Link> (each one resolves
          // its path through the router: many rows of menus made that a real share of a list's server render).
          return entry.to.startsWith("/") ? (
            <a key={entry.key} href={entry.to} className={menuItemClass} aria-current={current}>
              {entry.label}
            </a>
          ) : (
            <Link key={entry.key} to={entry.to} className={menuItemClass} aria-current={current}>
              {entry.label}
            </Link>
          );
        })}
      </div>
    </details>
  );
}
