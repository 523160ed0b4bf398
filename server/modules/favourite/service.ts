import { and, count, countDistinct, eq, inArray } from "drizzle-orm";
import type { Actor, Deps } from "#server/core";
import { notFound } from "#server/core";
import { agentComponents, type FavouriteTargetType, userFavourites } from "#server/db/schema";
import { labelOf } from "../component/kinds";
import { adapterFor } from "../publish/adapter";
import { squareCard } from "../publish/square-service";
import { visiblePublication } from "../publish/visibility";
import { listSpacesOfUser } from "../space";
import type { FavouriteListInput } from "./contract";
import * as repo from "./repo";

/**
 * Favourites (收藏) of published plugins and workflows, and the figures their square cards show — in the agents'
 * Statistics shape, counted from what exists: favourites (collectCount) and the agents that use the target as a
 * component (referenceCount). Nobody converses with or likes a plugin, and calls are not counted (for agents
 * neither), so those figures are 0.
 */

const ofType = (targetType: FavouriteTargetType, ids: number[]) =>
  and(eq(userFavourites.targetType, targetType), inArray(userFavourites.targetId, ids));

export async function squareFigures(deps: Deps, actor: Actor | null, targetType: FavouriteTargetType, ids: number[]) {
  const [collects, references, mine] = ids.length
    ? await Promise.all([
        deps.db
          .select({ targetId: userFavourites.targetId, n: count() })
          .from(userFavourites)
          .where(ofType(targetType, ids))
          .groupBy(userFavourites.targetId),
        deps.db
          .select({ targetId: agentComponents.targetId, n: countDistinct(agentComponents.agentId) })
          .from(agentComponents)
          .where(and(eq(agentComponents.type, targetType), inArray(agentComponents.targetId, ids)))
          .groupBy(agentComponents.targetId),
        actor
          ? deps.db
              .select({ targetId: userFavourites.targetId })
              .from(userFavourites)
              .where(and(eq(userFavourites.userId, actor.userId), ofType(targetType, ids)))
          : Promise.resolve([]),
      ])
    : [[], [], []];
  const collectCount = new Map(collects.map((r) => [r.targetId, Number(r.n)]));
  const referenceCount = new Map(references.map((r) => [r.targetId, Number(r.n)]));
  const collected = new Set(mine.map((r) => r.targetId));
  return (targetId: number) => ({
    statistics: {
      userCount: 0,
      convCount: 0,
      collectCount: collectCount.get(targetId) ?? 0,
      likeCount: 0,
      referenceCount: referenceCount.get(targetId) ?? 0,
      callCount: 0,
      failCallCount: 0,
      totalCallDuration: 0,
      targetId,
    },
    collect: collected.has(targetId),
  });
}

export type SquareFigures = ReturnType<Awaited<ReturnType<typeof squareFigures>>>;

/** Idempotent, like an agent's favourite; only for a publication the user can see. */
export async function setFavourite(
  deps: Deps,
  actor: Actor,
  targetType: FavouriteTargetType,
  targetId: number,
  on: boolean,
) {
  const live = await visiblePublication(deps.db, actor.tenantId, actor.userId, targetType, targetId);
  if (!live) throw notFound(`${labelOf(targetType)}未发布或已下架`);
  if (on) {
    await deps.db
      .insert(userFavourites)
      .values({ tenantId: actor.tenantId, userId: actor.userId, targetType, targetId })
      .onConflictDoNothing();
  } else {
    await deps.db
      .delete(userFavourites)
      .where(and(eq(userFavourites.userId, actor.userId), ofType(targetType, [targetId])));
  }
}

/**
 * The caller's favourites of one kind as square cards, newest favourite first (contract/api/favourite.ts): each
 * target once, through the publication the caller sees (a tenant-wide one before one in their space, as
 * visiblePublication chooses).
 */
export async function listFavourites(
  deps: Deps,
  actor: Actor,
  targetType: FavouriteTargetType,
  input: FavouriteListInput,
) {
  const spaceIds = (await listSpacesOfUser(deps.db, actor.tenantId, actor.userId)).map((r) => r.space.id);
  const scope = { tenantId: actor.tenantId, userId: actor.userId, targetType, spaceIds };
  const ids = await repo.pageFavouriteTargets(
    deps.db,
    { ...scope, kw: input.kw || undefined },
    input.pageSize,
    (input.page - 1) * input.pageSize,
  );
  const [publications, fieldsOf] = await Promise.all([
    repo.visiblePublications(deps.db, scope, ids),
    adapterFor(targetType).squareFields(deps, actor, ids),
  ]);
  return ids.flatMap((id) => {
    const own = publications.filter((p) => p.item.targetId === id);
    const shown = own.find((p) => p.item.scope === "Tenant") ?? own[0];
    return shown ? [squareCard(shown, fieldsOf(id))] : [];
  });
}
