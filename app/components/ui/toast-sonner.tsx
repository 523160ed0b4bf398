import { Toaster as Sonner } from "sonner";
import { card, icons, tones } from "./toast";

/**
 * The toasts' corner: bottom right (bottom on a phone), where they never cover a page's title or its actions
 * at the top. Unstyled sonner with our classes, so its cards match the no-JavaScript banner exactly.
 */
export default function SonnerToaster() {
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
