import type { ReactNode } from "react";
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
 * before hydration, and without JavaScript, the same question and form render as a card on the page.
 */
export function Confirm({ title, description, cancelTo, children }: ConfirmProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
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
  }
  return (
    <Dialog
      open
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
