import { useCallback, useRef, useState } from "react";
import type { Graph } from "./graph";

const LIMIT = 100;
/** Edits with the same merge key this close together are one undo step (typing into one field). */
const MERGE_MS = 1000;

interface History {
  past: Graph[];
  present: Graph;
  future: Graph[];
}

/**
 * The editor's graph with undo and redo. `commit` takes the next graph (or a function of the current one); an
 * edit that changes nothing is dropped, and consecutive edits with one `mergeKey` fold into one step.
 */
export function useGraphHistory(initial: Graph) {
  const [state, setState] = useState<History>({ past: [], present: initial, future: [] });
  const last = useRef<{ key: string; at: number } | null>(null);

  const commit = useCallback((next: Graph | ((g: Graph) => Graph), mergeKey?: string) => {
    setState((s) => {
      const graph = typeof next === "function" ? next(s.present) : next;
      if (graph === s.present) return s;
      const now = Date.now();
      const merge = mergeKey && last.current?.key === mergeKey && now - last.current.at < MERGE_MS;
      last.current = mergeKey ? { key: mergeKey, at: now } : null;
      const past = merge ? s.past : [...s.past, s.present].slice(-LIMIT);
      return { past, present: graph, future: [] };
    });
  }, []);

  const undo = useCallback(() => {
    last.current = null;
    setState((s) =>
      s.past.length ? { past: s.past.slice(0, -1), present: s.past.at(-1)!, future: [s.present, ...s.future] } : s,
    );
  }, []);

  const redo = useCallback(() => {
    last.current = null;
    setState((s) =>
      s.future.length ? { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) } : s,
    );
  }, []);

  return {
    graph: state.present,
    commit,
    undo,
    redo,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
  };
}
