import { type ComponentKind, componentKinds } from "#contract/components";
import type { ComponentType, PublishTargetType } from "#contract/enums";
import type { Deps } from "#server/core";
import type { ToolFactory } from "#server/runtime/agent/tools";
import type { PublishAdapter } from "../publish/adapter";

/** What an agent component points at, as the agent editor and the runtime need it. */
export interface ComponentTarget {
  id: number;
  name: string;
  icon: string;
  description: string;
  config: Record<string, unknown>;
}

/** The target if it exists and the space may see it; null otherwise (the caller refuses the binding). */
export type Resolver = (
  deps: Deps,
  tenantId: number,
  spaceId: number,
  targetId: number,
) => Promise<ComponentTarget | null>;

/** What the server adds to a contract descriptor: each part optional until the kind's module provides it. */
export interface KindRegistration {
  type: ComponentType;
  resolver?: Resolver;
  toolFactory?: ToolFactory;
  publish?: PublishAdapter;
}

export type ServerKind = ComponentKind & Omit<KindRegistration, "type">;

const registry = new Map<ComponentType, KindRegistration>();

/**
 * Adds one kind's server parts. Refuses what contradicts the contract's descriptor (a tool factory for a kind
 * that is no tool, a publish adapter for one that is not publishable) and a second registration of a kind.
 */
export function registerKind(registration: KindRegistration) {
  const { type } = registration;
  const descriptor = componentKinds[type];
  if (registry.has(type)) throw new Error(`component kind ${type} registered twice`);
  if (registration.toolFactory && !descriptor.tool) throw new Error(`component kind ${type} is not a tool`);
  if (registration.publish && !descriptor.publishable) throw new Error(`component kind ${type} is not publishable`);
  registry.set(type, registration);
}

/** A kind's registration; fails loudly when nothing imported the registry (every kind would look unplugged). */
function registrationOf(type: ComponentType) {
  if (!registry.size) throw new Error("component kinds are not registered: import server/modules/component/registry");
  return registry.get(type);
}

/** The contract's descriptor with the server's parts, for a registered kind; undefined otherwise. */
export function kindOf(type: ComponentType): ServerKind | undefined {
  const registration = registrationOf(type);
  if (!registration) return undefined;
  const { type: _type, ...parts } = registration;
  return { ...componentKinds[type], ...parts };
}

export const labelOf = (type: ComponentType) => componentKinds[type].label;
export const isSingleton = (type: ComponentType) => componentKinds[type].singleton;
export const toolFactoryOf = (type: string) => registrationOf(type as ComponentType)?.toolFactory;
export const publishAdapterOf = (type: PublishTargetType) => registrationOf(type)?.publish;

/** The target if it exists and the space may see it; null otherwise (the caller refuses the binding). */
export async function resolveTarget(
  deps: Deps,
  type: ComponentType,
  tenantId: number,
  spaceId: number,
  targetId: number,
) {
  const resolver = registrationOf(type)?.resolver;
  if (!resolver || targetId <= 0) return null;
  return resolver(deps, tenantId, spaceId, targetId);
}
