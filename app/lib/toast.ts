import { useSyncExternalStore } from "react";

type ToastType = "success" | "error" | "info" | "warning";

/**
 * Toasts without shipping the toast library with every page: sonner (~9 KB gzip) loads with a page's first
 * notice, and <Toaster> mounts from then on (sonner shows the notices raised before it subscribed). Callers use
 * this instead of importing sonner, or their notices would have no <Toaster> to appear in.
 */
let wanted = false;
const listeners = new Set<() => void>();

function show(type: ToastType, message: string) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import("sonner").then(({ toast }) => toast[type](message));
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
  warning: (message: string) => show("warning", message),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once this page has raised a toast (always false on the server). */
export const useToastsWanted = () =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
