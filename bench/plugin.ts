import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { guardedFetch } from "#server/runtime/egress";
import { executePlugin } from "#server/runtime/plugin";
import { ms, percentile, table } from "./lib";

/**
 * HTTP plugin overhead: the same local JSON endpoint called RUNS times in a row by plain fetch, by the egress guard
 * alone, and as an HTTP plugin (args routed, response parsed, outputs extracted). Printed figures, never pass/fail.
 */
const RUNS = Number(process.env.BENCH_PLUGIN_RUNS ?? 500);
const WARMUP = 20;

async function timed(label: string, call: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return [label, ms(percentile(times, 50)), ms(percentile(times, 99))];
}

export async function benchPlugin() {
  const body = JSON.stringify({ city: "上海", temp: 21, forecast: [{ day: "周一", text: "晴" }] });
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/weather`;
  const deps = { config: { EGRESS_ALLOW: "127.0.0.1" } };
  const guarded = guardedFetch(deps.config);
  const config = {
    method: "GET" as const,
    url,
    inputArgs: [{ name: "city", dataType: "String", inputType: "Query", require: true }],
    outputArgs: [
      { name: "temp", dataType: "Integer" },
      { name: "forecast", dataType: "Array_Object" },
    ],
  };
  const rows = [
    await timed("fetch (direct)", async () => (await fetch(`${url}?city=sh`)).json()),
    await timed("egress guardedFetch", async () => (await guarded(`${url}?city=sh`)).json()),
    await timed("executePlugin (HTTP)", async () => {
      const out = await executePlugin(deps, { type: "HTTP", pluginId: 1, config, params: { city: "sh" }, sysVars: {} });
      if (!out.success) throw new Error(out.error ?? "plugin failed");
    }),
  ];
  table(`HTTP plugin overhead, ${RUNS} sequential calls to a local endpoint`, ["client", "p50", "p99"], rows);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}
