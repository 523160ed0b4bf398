import { direct, mainThreadCpuMs, type Sample } from "./chat";
import { type Child, cpuMsOf, machine, startChild, startRuntime } from "./chat-procs";
import { ms, percentile, table } from "./lib";

/**
 * The floor under `npm run bench chat`'s "difference": what a server that does next to nothing adds in front of the
 * same fake model, on the same machine, with the same client. Two bare relays (bench/chat-floor-relay.ts), run
 * with npm start's Node flags: one only pipes the model's answer, the other also stores each message in an
 * embedded database first. Each level is run against the model directly and then through a relay, back to back,
 * after unmeasured warm-up rounds. If even a bare relay adds more than a target allows, no server doing a chat
 * turn's work (authentication, checks, a durable turn start, events) can meet it on this machine.
 * BENCH_LEVELS (default 1,200); BENCH_WARM_ROUNDS (default 3).
 */
const LEVELS = (process.env.BENCH_LEVELS ?? "1,200").split(",").map(Number);
const WARM_ROUNDS = Number(process.env.BENCH_WARM_ROUNDS ?? 3);
const SINGLE_ROUNDS = 30;

async function round(url: string, key: string, n: number) {
  const samples: Sample[] = [];
  for (let r = 0; r < (n === 1 ? SINGLE_ROUNDS : 1); r++)
    samples.push(...(await Promise.all(Array.from({ length: n }, () => direct(url, key)))));
  return samples;
}

const pcts = (values: number[]) => [50, 99].map((p) => percentile(values, p));

export async function benchChatFloor() {
  const fake = await startChild("chat-fake.ts");
  const relays: [string, Child][] = [
    ["bare relay", await startChild("chat-floor-relay.ts", [fake.hello.url], startRuntime())],
    ["relay + one stored row", await startChild("chat-floor-relay.ts", [fake.hello.url, "db"], startRuntime())],
  ];
  const rows: (string | number)[][] = [];
  try {
    for (const n of LEVELS) {
      for (const [name, relay] of relays) {
        const pid = relay.process.pid as number;
        for (let w = 0; w < WARM_ROUNDS; w++) await round(relay.hello.url, fake.hello.apiKey, n);
        const model = await round(fake.hello.url, fake.hello.apiKey, n);
        const cpu = cpuMsOf(pid);
        const main = mainThreadCpuMs(pid);
        const relayed = await round(relay.hello.url, fake.hello.apiKey, n);
        const turns = relayed.length;
        const lost = relayed.reduce((sum, s) => sum + s.lost, 0);
        const d = pcts(model.map((s) => s.first));
        const r = pcts(relayed.map((s) => s.first));
        rows.push([
          n,
          name,
          ...d.map(ms),
          ...r.map(ms),
          ...r.map((v, i) => ms(v - (d[i] ?? 0))),
          lost,
          `${((cpuMsOf(pid) - cpu) / turns).toFixed(2)} ms`,
          `${((mainThreadCpuMs(pid) - main) / turns).toFixed(2)} ms`,
        ]);
      }
    }
  } finally {
    for (const [, relay] of relays) await relay.stop();
    await fake.stop();
  }
  table(
    `The floor: a bare relay in front of the fake model, TTFT (${machine()}; the model, the relay and the client in separate processes; a lone stream ${SINGLE_ROUNDS} times in a row; each level run ${WARM_ROUNDS} times unmeasured first; CPU from /proc, ticks of 10 ms)`,
    [
      "streams",
      "path",
      "direct p50",
      "direct p99",
      "relayed p50",
      "relayed p99",
      "difference p50",
      "difference p99",
      "events lost",
      "relay CPU / turn",
      "of it main thread",
    ],
    rows,
  );
}
