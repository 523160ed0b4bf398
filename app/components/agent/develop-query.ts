import type { ListCreator, ListStatus } from "#app/lib/labels";

/** The develop page's state as it sits in the query string: shareable, reloadable, usable without JavaScript. */
export interface DevelopQuery {
  status: ListStatus;
  creator: ListCreator;
  kw: string;
  page: number;
}

const statuses: readonly ListStatus[] = ["All", "Published", "Recently_Open"];
const creators: readonly ListCreator[] = ["All_Person", "Me"];

export function readDevelopQuery(params: URLSearchParams): DevelopQuery {
  const status = params.get("status") as ListStatus;
  const creator = params.get("creator") as ListCreator;
  const page = Number(params.get("page"));
  return {
    status: statuses.includes(status) ? status : "All",
    creator: creators.includes(creator) ? creator : "All_Person",
    kw: (params.get("kw") ?? "").trim().slice(0, 64),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The develop page with `changes` applied; defaults are left out so URLs stay short. Filter changes reset paging. */
export function developHref(spaceId: number, query: DevelopQuery, changes: Partial<DevelopQuery> = {}) {
  const next = { ...query, ...("page" in changes ? {} : { page: 1 }), ...changes };
  const params = new URLSearchParams();
  if (next.status !== "All") params.set("status", next.status);
  if (next.creator !== "All_Person") params.set("creator", next.creator);
  if (next.kw) params.set("kw", next.kw);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/space/${spaceId}/develop${search ? `?${search}` : ""}`;
}
