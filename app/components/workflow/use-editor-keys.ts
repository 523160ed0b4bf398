import type { ReactFlowInstance } from "@xyflow/react";
import { useEffect, useRef } from "react";

interface Keys {
  undo: () => void;
  redo: () => void;
  /** The selected nodes that may be copied. */
  copy: () => number[];
  paste: (ids: number[]) => void;
  flow: Pick<ReactFlowInstance, "zoomIn" | "zoomOut" | "fitView">;
}

/** Typing in a field keeps the browser's own keys. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    !!target.closest(".monaco-editor"));

/**
 * The editor's shortcuts (Delete/Backspace removal is the canvas's own): Ctrl/⌘+Z undo, +Shift+Z or +Y redo,
 * +C / +V copy and paste nodes, += / +- zoom, +0 fit the view.
 */
export function useEditorKeys(keys: Keys) {
  const current = useRef(keys);
  current.current = keys;
  const clipboard = useRef<number[]>([]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || typing(event.target)) return;
      const k = current.current;
      const key = event.key.toLowerCase();
      const act = (fn: () => void) => {
        event.preventDefault();
        fn();
      };
      if (key === "z" && !event.shiftKey) act(k.undo);
      else if ((key === "z" && event.shiftKey) || key === "y") act(k.redo);
      else if (key === "c") {
        const ids = k.copy();
        if (ids.length) act(() => (clipboard.current = ids));
      } else if (key === "v" && clipboard.current.length) act(() => k.paste(clipboard.current));
      else if (key === "=" || key === "+") act(() => void k.flow.zoomIn({ duration: 150 }));
      else if (key === "-") act(() => void k.flow.zoomOut({ duration: 150 }));
      else if (key === "0") act(() => void k.flow.fitView({ duration: 150 }));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
