import { clsx } from "clsx";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { lazy, Suspense } from "react";
import { useToastsWanted } from "#app/lib/toast";

export type ToastType = "success" | "error" | "info" | "warning";

export const tones: Record<ToastType, string> = {
  success: "border-success-600/30 bg-success-50 text-success-700",
  error: "border-danger-600/30 bg-danger-50 text-danger-700",
  info: "border-gray-200 bg-white text-gray-800",
  warning: "border-warning-500/40 bg-warning-50 text-warning-700",
};

export const icons: Record<ToastType, React.ReactNode> = {
  success: <CircleCheck className="size-4" aria-hidden />,
  error: <CircleAlert className="size-4" aria-hidden />,
  info: <Info className="size-4" aria-hidden />,
  warning: <TriangleAlert className="size-4" aria-hidden />,
};

/** One card look for every notice, drawn by sonner with JavaScript and by <NoScriptToast> without. */
export const card =
  "pointer-events-auto flex w-full items-center gap-2 rounded-card border px-4 py-3 text-[13px] leading-snug shadow-lg sm:w-[356px]";

const SonnerToaster = lazy(() => import("./toast-sonner"));

/** The toasts' corner, mounted with the page's first toast (see #app/lib/toast): sonner is not in the first load. */
export function Toaster() {
  const wanted = useToastsWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

/**
 * A notice the server rendered (a flash after a redirect), shown before or without JavaScript: the same card in
 * the same corner, fading out by itself (app.css) since nothing can close it.
 */
export function NoScriptToast({ type, message }: { type: ToastType; message: string }) {
  return (
    <div className="toast-banner pointer-events-none fixed right-4 bottom-4 left-4 z-50 flex justify-end sm:left-auto">
      <div role="status" className={clsx(card, tones[type])}>
        <span className="shrink-0">{icons[type]}</span>
        <span className="min-w-0 flex-1">{message}</span>
      </div>
    </div>
  );
}
