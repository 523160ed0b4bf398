import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Card } from "./card";
import { Dialog, DialogContent } from "./dialog";

interface UrlDialogProps {
  title: string;
  description?: ReactNode;
  /** The page without the query parameter that opened this dialog. */
  closeTo: string;
  children: ReactNode;
}

/**
 * A form opened by the URL (e.g. ?dialog=add or ?edit=7): a modal with JavaScript; before hydration and
 * without JavaScript the same form is a card at the top of the page. The non-destructive twin of Confirm.
 */
export function UrlDialog({ title, description, closeTo, children }: UrlDialogProps) {
  const hydrated = useHydrated();
  // Drawn by the server (the page was opened at this URL): its card stays until the dialog's code has loaded.
  // Opened later, nothing shows meanwhile, so a click cannot land in a card about to be replaced.
  const [fromServer] = useState(!hydrated);
  const navigate = useNavigate();
  const card = (
    <section role="dialog" aria-labelledby="url-dialog-title">
      <Card className="border-primary-200">
        <h2 id="url-dialog-title" className="mb-1 font-semibold text-base">
          {title}
        </h2>
        {description ? <div className="mb-4 text-gray-600">{description}</div> : null}
        {children}
      </Card>
    </section>
  );
  if (!hydrated) return card;
  return (
    <Dialog
      open
      fallback={fromServer ? card : null}
      onOpenChange={(open) => {
        if (!open) navigate(closeTo, { replace: true, preventScrollReset: true });
      }}
    >
      <DialogContent title={title} description={description}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
