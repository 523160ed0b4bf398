import { PanelLeft } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";

/** The one checkbox that holds the drawer open; the rail's toggle points at it by id. */
export const PANEL_DRAWER_ID = "panel-drawer";

/**
 * The second-level panel (space menu, admin menu, chat history): beside the page from 768 px up, a drawer below.
 *
 * The open state is a real checkbox toggled by <label>s (the rail's button and the backdrop), so the drawer opens
 * and closes without JavaScript too. With JavaScript it also closes on Esc and when a link in it is followed.
 * On wide screens the wrapper is `display: contents`, so the panel lays out exactly as before.
 */
export function PanelDrawer({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // A followed link (another page or the same page with a new query) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <>
      <input
        id={PANEL_DRAWER_ID}
        type="checkbox"
        aria-label={`打开${label}`}
        className="peer sr-only md:hidden"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
      />
      <label
        htmlFor={PANEL_DRAWER_ID}
        data-testid="panel-backdrop"
        className="fixed inset-0 z-40 hidden bg-black/40 peer-checked:block md:peer-checked:hidden"
      >
        <span className="sr-only">关闭{label}</span>
      </label>
      <div
        data-testid="panel-drawer"
        className="invisible fixed inset-y-0 left-0 z-50 flex max-w-[85vw] -translate-x-full shadow-xl transition-[translate,visibility] peer-checked:visible peer-checked:translate-x-0 md:visible md:contents"
      >
        {children}
      </div>
    </>
  );
}

/**
 * The rail's button that opens the drawer: shown only below 768 px and only on a page that has a panel drawer
 * (app.css keys it to the checkbox's presence, so the rail need not know which page it is on).
 */
export function PanelToggle() {
  return (
    <label
      htmlFor={PANEL_DRAWER_ID}
      title="打开菜单"
      className="panel-toggle size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-gray-600 hover:bg-gray-100"
    >
      <PanelLeft className="size-5" aria-hidden />
      <span className="sr-only">打开菜单</span>
    </label>
  );
}
