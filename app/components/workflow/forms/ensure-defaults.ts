import { useEffect } from "react";
import type { NodeConfig } from "./types";

/**
 * Writes a node's starting structure (branches, options, intents with their uuids) once, when the stored
 * config lacks it: ports need stable uuids before the canvas can draw edges from them.
 */
export function useEnsureDefaults(missing: boolean, defaults: () => NodeConfig, set: (patch: NodeConfig) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the structure goes missing, not on every render's new callbacks
  useEffect(() => {
    if (missing) set(defaults());
  }, [missing]);
}
