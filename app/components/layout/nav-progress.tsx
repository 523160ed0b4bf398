import { useNavigation } from "react-router";
import { useGlobalNavigationState } from "remix-utils/use-global-navigation-state";

/**
 * A thin bar across the top while a page is loading or any form (a plain one or a fetcher's autosave) is being
 * submitted. Fetchers that only load in the background (the unread count) do not show it. The bar appears after
 * a short delay (app.css), so a quick navigation does not flash it.
 */
export function NavProgress() {
  const navigation = useNavigation();
  const states = useGlobalNavigationState();
  const pending = navigation.state !== "idle" || states.includes("submitting");
  if (!pending) return null;
  return (
    <div role="progressbar" aria-label="正在加载" className="nav-progress fixed inset-x-0 top-0 z-[60] h-0.5">
      <div className="h-full bg-primary-500" />
    </div>
  );
}
