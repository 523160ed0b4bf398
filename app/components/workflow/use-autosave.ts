import { useCallback, useEffect, useRef, useState } from "react";
import { beaconSave, type Envelope, type NodeCheck, saveGraph, validate } from "./api";
import { type Graph, saveBody } from "./graph";

const DEBOUNCE_MS = 800;
/** What a beacon may carry: browsers allow 64 KiB of keepalive requests in flight per page. */
const BEACON_LIMIT = 60_000;

export type SaveStatus = "saved" | "dirty" | "saving" | "error" | "conflict";

interface Options {
  workflowId: number;
  graph: Graph;
  /** The canvas's zoom and position (`extension`: size, x, y), saved with the graph. */
  extension: Record<string, unknown>;
  editVersion: number;
  /** When the stored workflow last changed (the header's time until the first save here). */
  modified: string;
  /** The /valid answer after each save, to mark the nodes. */
  onChecks: (checks: NodeCheck[]) => void;
}

/**
 * Saves the whole graph (`POST /api/workflow/save`) a moment after each change, one request at a time, with
 * the `editVersion` it last saw. A version moved on elsewhere stops autosaving and asks (`conflict`) before
 * overwriting; leaving the page sends what is unsaved with `navigator.sendBeacon` (a graph too large for a beacon
 * is saved at once while the browser asks to stay). Node creation and copying
 * go through `serverOp`, in the same queue, so their version step is counted.
 */
export function useAutosave({ workflowId, graph, extension, editVersion, modified, onChecks }: Options) {
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [savedAt, setSavedAt] = useState(() => new Date(modified));
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(graph);
  latest.current = graph;
  /** The graph the server holds, as this editor last saved it; null once a node/add or copy changed it there. */
  const saved = useRef<Graph | null>(graph);
  const view = useRef(extension);
  view.current = extension;
  const savedView = useRef(extension);
  const dirty = useCallback(() => latest.current !== saved.current || view.current !== savedView.current, []);
  const bodyOf = useCallback(
    (g: Graph, force = false) =>
      saveBody(g, {
        id: workflowId,
        editVersion: version.current,
        force,
        ...(view.current !== savedView.current ? { extension: view.current } : {}),
      }),
    [workflowId],
  );
  const version = useRef(editVersion);
  const blocked = useRef(false);
  const refused = useRef<{ graph: Graph; view: Record<string, unknown> } | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checks = useRef(onChecks);
  checks.current = onChecks;

  const run = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.current.then(task, task);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const save = useCallback(
    async (force = false) => {
      if (blocked.current && !force) return false;
      const g = latest.current;
      const v = view.current;
      if (!dirty() && !force) return true;
      setStatus("saving");
      const res = await saveGraph(bodyOf(g, force));
      if (res.code === "0000" && typeof res.data === "number") {
        version.current = res.data;
        saved.current = g;
        savedView.current = v;
        blocked.current = false;
        setError(null);
        setSavedAt(new Date());
        setStatus(dirty() ? "dirty" : "saved");
        void validate(workflowId).then((r) => r.code === "0000" && r.data && checks.current(r.data));
        return true;
      }
      const data = res.data as { editVersion?: number } | null;
      if (res.code === "0001" && typeof data?.editVersion === "number") {
        blocked.current = true;
        setStatus("conflict");
        return false;
      }
      refused.current = { graph: g, view: v };
      setError(res.message || "保存失败");
      setStatus("error");
      return false;
    },
    [workflowId, dirty, bodyOf],
  );

  /*
   * Every new graph or view (an edit, an undo, a zoom) restarts the debounce, and so does a save that finished
   * while more changed (status back to dirty); an undo back to what is stored cancels it.
   */
  useEffect(() => {
    if (blocked.current || status === "saving") return;
    // A refused save is not retried on its own: the next change (or 发布, 试运行) tries again.
    if (status === "error" && refused.current?.graph === graph && refused.current.view === extension) return;
    if (graph === saved.current && extension === savedView.current) {
      if (status === "dirty") setStatus("saved");
      return;
    }
    if (status !== "dirty") setStatus("dirty");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(() => save()), DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [graph, extension, status, run, save]);

  useEffect(() => {
    const leave = () => {
      if (!dirty() || blocked.current) return;
      beaconSave(bodyOf(latest.current));
    };
    // A body past the browser's beacon quota would be dropped: it is saved now, and the browser asks to stay.
    const beforeLeave = (event: BeforeUnloadEvent) => {
      if (!dirty() || blocked.current) return;
      if (new TextEncoder().encode(JSON.stringify(bodyOf(latest.current))).length <= BEACON_LIMIT) return;
      clearTimeout(timer.current);
      void run(() => save());
      event.preventDefault();
    };
    window.addEventListener("pagehide", leave);
    window.addEventListener("beforeunload", beforeLeave);
    return () => {
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("beforeunload", beforeLeave);
      // Leaving the editor inside the app (to 发布, back to the library): the save still goes out.
      if (dirty() && !blocked.current) void run(() => save());
    };
  }, [run, save, dirty, bodyOf]);

  /** Saves now (if anything is unsaved) and answers whether the stored graph is the editor's. */
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    return run(() => save());
  }, [run, save]);

  /** Overwrites what was saved elsewhere (the conflict's 覆盖保存). */
  const overwrite = useCallback(() => run(() => save(true)), [run, save]);

  /** A node/add or node/copy: runs after pending saves and takes the version it answers with. */
  const serverOp = useCallback(
    <T extends { editVersion: number }>(call: (editVersion: number) => Promise<Envelope<T | null>>) =>
      run(async () => {
        const res = await call(version.current);
        if (res.code === "0000" && res.data) {
          version.current = res.data.editVersion;
          // The stored graph now holds a node no graph here was saved with: even an undo back to the last saved
          // graph must be saved (or the node would stay on the server, unseen).
          saved.current = null;
        }
        return res;
      }),
    [run],
  );

  return { status, savedAt, error, flush, overwrite, serverOp };
}
