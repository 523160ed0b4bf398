import { useRouteLoaderData } from "react-router";
import type { loader as mainLoader } from "../routes/_main";

/** The signed-in user, for any component rendered inside the main layout. */
export function useCurrentUser() {
  const data = useRouteLoaderData<typeof mainLoader>("routes/_main");
  if (!data) throw new Error("useCurrentUser used outside the main layout");
  return data.user;
}
