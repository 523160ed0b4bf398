import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { DialogContentImpl, type DialogContentProps } from "./dialog";

/** Loaded with the first dialog a page opens (see dialog.tsx); Radix keeps focus inside and closes on Esc. */
export default function RadixDialogRoot(props: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <DialogContentImpl.Provider value={RadixDialogContent}>
      <RadixDialog.Root {...props} />
    </DialogContentImpl.Provider>
  );
}

function RadixDialogContent({ title, description, children }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <RadixDialog.Content
        className="fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[min(480px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-white p-6 shadow-xl focus:outline-none"
        // Radix wants an explicit "no description" rather than a missing one.
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <div className="flex items-start justify-between gap-4">
          <RadixDialog.Title className="font-semibold text-base">{title}</RadixDialog.Title>
          <RadixDialog.Close className="rounded p-1 text-gray-500 hover:bg-gray-100" aria-label="关闭">
            <X className="size-4" aria-hidden />
          </RadixDialog.Close>
        </div>
        {description ? (
          <RadixDialog.Description className="text-gray-600">{description}</RadixDialog.Description>
        ) : null}
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
