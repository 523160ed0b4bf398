import { useRouteLoaderData } from "react-router";
import type { loader as spaceLoader } from "../routes/space-layout";

/** The open space (with the caller's role in it), for any page under /space/:spaceId. */
export function useCurrentSpace() {
  const data = useRouteLoaderData<typeof spaceLoader>("routes/space-layout");
  if (!data) throw new Error("useCurrentSpace used outside /space/:spaceId");
  return data.space;
}
