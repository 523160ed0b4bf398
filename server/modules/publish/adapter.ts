import type { historyKinds, PublishTargetType, publishStatuses } from "#contract/enums";
import type { Actor, Deps } from "#server/core";
import { notFound } from "#server/core";
import type { Db } from "#server/db/client";
import { labelOf, publishAdapterOf } from "../component/kinds";
import type { SpaceRow } from "../space";
import type { PublishedRow } from "./repo";

type HistoryKind = (typeof historyKinds)[number];
type PublishStatus = (typeof publishStatuses)[number];

/** What publishing reads from any target: the fields an application and a publication copy. */
export interface PublishSubject {
  id: number;
  tenantId: number;
  spaceId: number;
  name: string;
  description: string;
  icon: string;
}

/** A target named the way applications and publications name it. */
export interface TargetRef {
  tenantId: number;
  targetId: number;
}

/** The kind-specific fields of one square card (statistics, the reader's own marks). */
export type SquareCardFields = Record<string, unknown>;

/**
 * How publishing deals with one kind of target. The publish module keeps the applications, audits and
 * publications; the adapter owns everything about the target itself. Methods (not function properties), so an
 * adapter over a wider subject type registers as a PublishAdapter.
 */
export interface PublishAdapter<
  S extends PublishSubject = PublishSubject,
  F extends SquareCardFields = SquareCardFields,
> {
  /**
   * The target when the actor may see it ("view": its publications list) or publish it ("publish": apply,
   * take its own publication off); the kind's refusal otherwise.
   */
  access(deps: Deps, actor: Actor, targetId: number, need: "view" | "publish"): Promise<S>;
  /** The configuration a publication freezes. */
  snapshot(db: Db, subject: S): Promise<Record<string, unknown>>;
  /** Writes the target's own publish status back (publishDate when it goes live). */
  setStatus(db: Db, tenantId: number, targetId: number, status: PublishStatus, publishDate?: Date): Promise<void>;
  /** An entry in the target's history, when the target still exists. */
  recordHistory(db: Db, of: TargetRef, actor: Actor, kind: HistoryKind, text: string): Promise<void>;
  /** A new draft in `space` from a publication's snapshot (the template copy), with a notice of what changed. */
  copy(
    deps: Deps,
    actor: Actor,
    published: PublishedRow,
    space: SpaceRow,
  ): Promise<{ id: number; notice: string | null }>;
  /** For the square: the kind's extra card fields of each listed target (the reader may be anonymous). */
  squareFields(deps: Deps, actor: Actor | null, targetIds: number[]): Promise<(targetId: number) => F>;
}

/** The registered adapter; a target type without one answers as a missing target (4040 "插件不存在"). */
export function adapterFor(targetType: PublishTargetType): PublishAdapter {
  const adapter = publishAdapterOf(targetType);
  if (!adapter) throw notFound(`${labelOf(targetType)}不存在`);
  return adapter;
}

export const hasAdapter = (targetType: PublishTargetType) => publishAdapterOf(targetType) !== undefined;
