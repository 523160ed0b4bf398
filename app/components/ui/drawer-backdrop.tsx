import { useEffect } from "react";
import { Link, useNavigate } from "react-router";

/**
 * The dimmed page behind a side drawer that lives in the URL (?history): clicking it, or Esc with JavaScript,
 * goes to `closeTo` (the page without the drawer). Without JavaScript the backdrop is a plain link.
 */
export function DrawerBackdrop({ closeTo }: { closeTo: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <Link
      to={closeTo}
      replace
      preventScrollReset
      aria-hidden
      tabIndex={-1}
      data-testid="drawer-backdrop"
      className="fixed inset-0 z-40 bg-black/40"
    />
  );
}
