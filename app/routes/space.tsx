import { redirect } from "react-router";
import { listSpaces } from "../lib/space.server";
import { spaceHome } from "../lib/space-permissions";
import type { Route } from "./+types/space";

/** /space opens the default space: the Personal one when the user has it, else the first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const spaces = await listSpaces(context, request);
  const target = spaces.find((s) => s.type === "Personal") ?? spaces[0];
  if (!target) throw redirect("/space/new");
  throw redirect(spaceHome(target));
}
