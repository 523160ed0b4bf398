import { redirect } from "react-router";
import type { Route } from "./+types/space-index";

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/space/${params.spaceId}/develop`);
}
