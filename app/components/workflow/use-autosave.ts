import { useCallback, useEffect, useRef, useState } from "react";
import { beaconSave, type Envelope, type NodeCheck, saveGraph, validate } from "./api";
import { type Graph, saveBody } from "./graph";

const DEBOUNCE_MS = 800;

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
 * overwriting; leaving the page sends what is unsaved with `navigator.sendBeacon`. Node creation and copying
 * go through `serverOp`, in the same queue, so their version step is counted.
 */
export function useAutosave({ workflowId, graph, extension, editVersion, modified, onChecks }: Options) {
  const [status, setStatus] = useState<SaveStatus>("saved");
  const [savedAt, setSavedAt] = useState(() => new Date(modified));
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(graph);
  latest.current = graph;
  const saved = useRef(graph);
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
      setError(res.message || "保存失败");
      setStatus("error");
      return false;
    },
    [workflowId, dirty, bodyOf],
  );

  useEffect(() => {
    if (!dirty() || blocked.current) return;
    setStatus("dirty");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(() => save()), DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [run, save, dirty]);

  useEffect(() => {
    const leave = () => {
      if (!dirty() || blocked.current) return;
      beaconSave(bodyOf(latest.current));
    };
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
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
        if (res.code === "0000" && res.data) version.current = res.data.editVersion;
        return res;
      }),
    [run],
  );

  return { status, savedAt, error, flush, overwrite, serverOp };
}
