import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import type { ServerBuild } from "react-router";
import { ms, percentile, table } from "./lib";

/**
 * The workflow editor: client JavaScript of its route (gzip), time to interactive and drag frame rate on a
 * 200-node graph in Chromium, and whole-graph save latency (p50/p95). Runs the production build (`npm run
 * build` first) as a child server on its own port and database: `npx tsx bench/workflow-editor.ts`.
 */
const PORT = 3190;
const BASE = `http://127.0.0.1:${PORT}`;
const NODES = 200;
const SAVES = 30;
const PASSWORD = "Admin#Pass2026";

/** What the editor's first visit downloads: the entry, the root and the editor route's modules (gzip). */
async function routeJs() {
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const client = path.resolve("build/client");
  const files = new Set<string>([build.assets.entry.module, ...build.assets.entry.imports]);
  const css = new Set<string>();
  for (let id: string | undefined = "routes/workflow-editor"; id; id = build.assets.routes[id]?.parentId) {
    const route = build.assets.routes[id];
    if (!route) break;
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
    for (const f of route.css ?? []) css.add(f);
  }
  const gz = (list: Set<string>) => {
    let total = 0;
    for (const f of list) {
      const file = path.join(client, f);
      if (statSync(file, { throwIfNoEntry: false })) total += gzipSync(readFileSync(file)).length;
    }
    return total;
  };
  return { js: gz(files), css: gz(css) };
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn("node", ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bench-wf-")),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

async function api<T>(token: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE}${p}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: string; message: string; data: T };
  if (envelope.code !== "0000") throw new Error(`${p}: ${envelope.message}`);
  return envelope.data;
}

type Detail = { id: number; spaceId: number; editVersion: number; startNode: Node; endNode: Node; nodes: Node[] };
type Node = { id: number; type: string; name: string; nodeConfig: Record<string, unknown>; nextNodeIds: number[] };

/** A 200-node chain of text nodes on a grid, saved in one request; answers the workflow and its save body. */
async function bigWorkflow(token: string) {
  const spaces = await api<{ id: number; type: string }[]>(token, "/api/space/list");
  const spaceId = spaces[0]!.id;
  const id = await api<number>(token, "/api/workflow/add", { spaceId, name: "基准工作流" });
  const added: Node[] = [];
  for (let i = 0; i < NODES - 2; i++) {
    added.push(await api<Node>(token, "/api/workflow/node/add", { workflowId: id, type: "TextProcessing" }));
  }
  const detail = await api<Detail>(token, `/api/workflow/${id}`);
  const at = (i: number) => ({ x: (i % 20) * 280, y: Math.floor(i / 20) * 140 });
  const chain = [detail.startNode, ...added, detail.endNode];
  const nodes = chain.map((n, i) => ({
    id: n.id,
    name: n.name,
    type: n.type,
    nodeConfig: { ...n.nodeConfig, extension: at(i), ...(n.type === "TextProcessing" ? { text: `第 ${i} 步` } : {}) },
    nextNodeIds: i < chain.length - 1 ? [chain[i + 1]!.id] : [],
  }));
  const body = (editVersion: number) => ({
    workflowConfig: { id, editVersion, startNode: nodes[0], endNode: nodes.at(-1), nodes: nodes.slice(1, -1) },
  });
  let version = await api<number>(token, "/api/workflow/save", body(detail.editVersion));
  return { id, spaceId, body, version: () => version, setVersion: (v: number) => (version = v) };
}

async function login(page: Page) {
  await page.goto(`${BASE}/login`);
  await page.getByLabel(/用户名/).fill("admin");
  await page.getByLabel("密码", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Frames per second while a node is dragged across the canvas by mouse (60 pointer moves). */
async function dragFps(page: Page) {
  const node = page.locator(".react-flow__node").nth(5);
  const box = (await node.boundingBox())!;
  // A string, not a function: tsx names inner functions with an `__name` helper the page does not have.
  await page.evaluate(`(() => {
    window.frames_ = 0;
    window.stop_ = false;
    const tick = () => {
      window.frames_ += 1;
      if (!window.stop_) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const started = performance.now();
  await page.mouse.move(box.x + 20, box.y + 10);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) await page.mouse.move(box.x + 20 + i * 6, box.y + 10 + i * 3);
  await page.mouse.up();
  const elapsed = performance.now() - started;
  const frames = await page.evaluate(() => {
    const w = window as unknown as { frames_: number; stop_: boolean };
    w.stop_ = true;
    return w.frames_;
  });
  return (frames * 1000) / elapsed;
}

export async function benchWorkflowEditor() {
  const size = await routeJs();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const token = (
      await fetch(`${BASE}/api/user/passwordLogin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phoneOrEmail: "admin", password: PASSWORD }),
      }).then((r) => r.json() as Promise<{ data: { token: string } }>)
    ).data.token;
    const wf = await bigWorkflow(token);
    const saves: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      const started = performance.now();
      wf.setVersion(await api<number>(token, "/api/workflow/save", wf.body(wf.version())));
      saves.push(performance.now() - started);
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await login(page);
    const tti: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await page.goto(`${BASE}/space/${wf.spaceId}/workflow/${wf.id}`);
      // Interactive: the client-only canvas has mounted and drawn its nodes (it exists only after hydration).
      await page.locator(".react-flow__node").first().waitFor();
      await page.getByRole("button", { name: "撤销" }).waitFor();
      tti.push(performance.now() - started);
    }
    const fps = await dragFps(page);
    table(
      "Workflow editor (200 nodes)",
      ["figure", "value"],
      [
        ["route JS (gzip, entry + root + editor)", `${(size.js / 1024).toFixed(1)} KiB`],
        ["route CSS (gzip)", `${(size.css / 1024).toFixed(1)} KiB`],
        ["time to interactive p50", ms(percentile(tti, 50))],
        ["time to interactive max", ms(Math.max(...tti))],
        ["drag frame rate", `${fps.toFixed(0)} fps`],
        [`save p50 (${SAVES} saves)`, ms(percentile(saves, 50))],
        ["save p95", ms(percentile(saves, 95))],
      ],
    );
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWorkflowEditor();
