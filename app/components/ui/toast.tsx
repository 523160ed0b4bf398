import { clsx } from "clsx";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import { Toaster as Sonner } from "sonner";

type ToastType = "success" | "error" | "info" | "warning";

const tones: Record<ToastType, string> = {
  success: "border-success-600/30 bg-success-50 text-success-700",
  error: "border-danger-600/30 bg-danger-50 text-danger-700",
  info: "border-gray-200 bg-white text-gray-800",
  warning: "border-warning-500/40 bg-warning-50 text-warning-700",
};

const icons: Record<ToastType, React.ReactNode> = {
  success: <CircleCheck className="size-4" aria-hidden />,
  error: <CircleAlert className="size-4" aria-hidden />,
  info: <Info className="size-4" aria-hidden />,
  warning: <TriangleAlert className="size-4" aria-hidden />,
};

/** One card look for every notice, drawn by sonner with JavaScript and by <NoScriptToast> without. */
const card =
  "pointer-events-auto flex w-full items-center gap-2 rounded-card border px-4 py-3 text-[13px] leading-snug shadow-lg sm:w-[356px]";

/**
 * The toasts' corner: bottom right (bottom on a phone), where they never cover a page's title or its actions
 * at the top. Unstyled sonner with our classes, so its cards match the no-JavaScript banner exactly.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      closeButton
      icons={icons}
      toastOptions={{
        unstyled: true,
        classNames: {
          toast: card,
          success: tones.success,
          error: tones.error,
          info: tones.info,
          warning: tones.warning,
          default: tones.info,
          icon: "shrink-0",
          content: "min-w-0 flex-1",
          closeButton:
            "order-last ml-1 shrink-0 rounded p-0.5 opacity-60 hover:opacity-100 [&_svg]:size-3.5 [&_svg]:stroke-current",
        },
      }}
    />
  );
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
