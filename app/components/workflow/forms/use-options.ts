import { useCallback, useEffect, useState } from "react";
import { emptyOptions, type NodeOptions, optionsUrl, type TargetArgs } from "./options";

/** One request per URL while the editor is open: switching between nodes does not ask again. */
const cache = new Map<string, Promise<NodeOptions>>();

function load(url: string): Promise<NodeOptions> {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<NodeOptions>) : emptyOptions))
      .catch(() => emptyOptions);
    // A failed read is not kept: the next node opened asks again.
    pending.then((o) => o === emptyOptions && cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

/** The space's models, plugins and workflows, and on request one target's parameters. */
export function useNodeOptions(spaceId: number) {
  const [options, setOptions] = useState<NodeOptions>(emptyOptions);
  const [target, setTarget] = useState<{ kind: "Plugin" | "Workflow"; id: number } | null>(null);
  const [targetArgs, setTargetArgs] = useState<TargetArgs | null>(null);
  useEffect(() => {
    let live = true;
    void load(optionsUrl(spaceId)).then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
  }, [spaceId]);
  useEffect(() => {
    if (!target) return;
    let live = true;
    void load(optionsUrl(spaceId, target)).then((o) => live && setTargetArgs(o.target ?? null));
    return () => {
      live = false;
    };
  }, [spaceId, target]);
  const loadTarget = useCallback(
    (kind: "Plugin" | "Workflow", id: number) =>
      setTarget((old) => (old?.kind === kind && old.id === id ? old : { kind, id })),
    [],
  );
  return { options: { ...options, target: targetArgs }, loadTarget };
}
