import { type ComponentType, createContext, lazy, type ReactNode, Suspense, useContext, useState } from "react";

/** Radix's dialog (~14 KB gzip with the parts it shares with the menu) loads when a page first opens a dialog. */
const RadixDialogRoot = lazy(() => import("./dialog-radix"));

export interface DialogContentProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** The content's implementation, provided by the loaded dialog module. */
export const DialogContentImpl = createContext<ComponentType<DialogContentProps> | null>(null);

interface DialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
  /** Shown while the dialog's code loads the first time (e.g. the same form as a card on the page). */
  fallback?: ReactNode;
}

/**
 * A centred modal: Esc, the close button and a click outside dismiss it, focus stays inside while open. Nothing
 * renders (and nothing loads) until it first opens; from then on it is Radix's dialog, open or closed.
 */
export function Dialog({ open, onOpenChange, children, fallback = null }: DialogProps) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={open ? fallback : null}>
      <RadixDialogRoot open={open} onOpenChange={onOpenChange}>
        {children}
      </RadixDialogRoot>
    </Suspense>
  );
}

/** The dialog's panel: title, close button, optional description, then the children. */
export function DialogContent(props: DialogContentProps) {
  const Impl = useContext(DialogContentImpl);
  return Impl ? <Impl {...props} /> : null;
}
