import { Outlet } from "react-router";
import type { getSpace } from "../../server/modules/space/service";
import { SpacePanel } from "../components/space/space-panel";
import { api } from "../lib/api.server";
import { listSpaces } from "../lib/space.server";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/space-layout";

type SpaceDetail = Awaited<ReturnType<typeof getSpace>>;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const [spaces, space] = await Promise.all([
    listSpaces(context, request),
    api<SpaceDetail>(context, request, `/api/space/get/${spaceId}`),
  ]);
  return { spaces, space };
}

export default function SpaceLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SpacePanel spaces={loaderData.spaces} current={loaderData.space} />
      <main className="min-w-0 flex-1 overflow-y-auto">
        <Outlet />
      </main>
    </>
  );
}
