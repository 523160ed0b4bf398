import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Card } from "./card";
import { Dialog, DialogContent } from "./dialog";

interface ConfirmProps {
  title: string;
  description: ReactNode;
  /** The page without the confirmation's query parameters. */
  cancelTo: string;
  /** The confirming form (a POST with its own 取消 link to `cancelTo`). */
  children: ReactNode;
}

/**
 * A confirmation opened by the URL (e.g. ?confirm=remove&userId=7). With JavaScript it is a modal dialog;
 * before hydration and without JavaScript the same question and form render as a card on the page.
 */
export function Confirm({ title, description, cancelTo, children }: ConfirmProps) {
  const hydrated = useHydrated();
  // Drawn by the server (the page was opened at this URL): its card stays until the dialog's code has loaded.
  // Opened later, nothing shows meanwhile, so a click cannot land in a card about to be replaced.
  const [fromServer] = useState(!hydrated);
  const navigate = useNavigate();
  const card = (
    <div role="alertdialog" aria-labelledby="confirm-title">
      <Card className="border-danger-600/40">
        <h2 id="confirm-title" className="mb-1 font-semibold text-base">
          {title}
        </h2>
        <div className="mb-4 text-gray-600">{description}</div>
        {children}
      </Card>
    </div>
  );
  if (!hydrated) return card;
  return (
    <Dialog
      open
      fallback={fromServer ? card : null}
      onOpenChange={(open) => {
        if (!open) navigate(cancelTo, { replace: true, preventScrollReset: true });
      }}
    >
      <DialogContent title={title} description={description}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
