import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Endpoint, endpointList } from "#contract/api";
import type { z } from "#contract/zod";
import { addAgent } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

/**
 * Random input at every endpoint of the contract (contract/api), signed in as a plain user and not: only envelope
 * codes may come back (never 5000, never a non-200 but for a refused stream), a success carries data of the
 * endpoint's declared response shape, and the server keeps answering. Bodies are built from each endpoint's own
 * schema (its keys, enum values and the ids of fresh fixtures), so many get past validation into the services.
 */
const KNOWN = new Set(["0000", "0001", "4000", "4010", "4011", "4030", "4040", "4050", "4290"]);

interface Fixtures {
  spaceId: number;
  agentId: number;
  otherId: number;
}

/** Values that sit on the edges of the contracts: near-valid strings, ids, enum spellings, oddities. */
const edgy = fc.constantFrom<unknown>(
  "",
  " ",
  "0",
  "1",
  "-1",
  "1.5",
  "2147483648",
  "a@b.co",
  "13800138000",
  "123456",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "%_\\",
  "'; drop table space; --",
  "javascript:alert(1)",
  "x".repeat(300),
  0,
  1,
  -1,
  1.5,
  2147483648,
  1e308,
  true,
  false,
  null,
  [],
  {},
  [1],
);
/** Strings built from characters that tend to break things: NUL, lone surrogates, quotes, wildcards. */
const oddString = fc.string({
  unit: fc.constantFrom("\u0000", "a", "1", " ", "é", "中", "😀", "\ud800", "'", '"', "%", "_", "\\", "@", "."),
  maxLength: 12,
});
const anything = fc.oneof(
  { arbitrary: edgy, weight: 3 },
  { arbitrary: oddString, weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.integer({ min: -5, max: 50 }), weight: 1 },
);

type Def = { type: string; [k: string]: any };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values a field of this schema plausibly takes: its enum and literal values, fixture ids, a plain string. */
function plausible(schema: z.ZodType, f: Fixtures, depth = 0): unknown[] {
  const def = defOf(schema);
  if (depth > 4) return [null];
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return plausible(def.innerType, f, depth + 1);
    case "pipe":
      return plausible(defOf(def.in).type === "transform" ? def.out : def.in, f, depth + 1);
    case "enum":
      return Object.values(def.entries);
    case "literal":
      return [...def.values];
    case "union":
      return def.options.flatMap((o: z.ZodType) => plausible(o, f, depth + 1));
    case "number":
      return [f.spaceId, f.agentId, f.otherId, 1, 20, 999_999];
    case "boolean":
      return [true, false];
    case "string":
      return ["fuzz", "模糊", "a".repeat(32), `ck-${"a".repeat(32)}`, "fuzz@example.com", "Fuzz#Pass1", "123456"];
    case "array":
      return [[], plausible(def.element, f, depth + 1).slice(0, 2)];
    case "object":
      return [
        Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, plausible(v as z.ZodType, f, depth + 1)[0]])),
      ];
    default:
      return [{}];
  }
}

/** The object shape under wrappers and refinements, if the schema is an object. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(schema);
  if (def.type === "object") return def.shape;
  if (["optional", "nullable", "default", "prefault"].includes(def.type)) return shapeOf(def.innerType);
  if (def.type === "pipe") return shapeOf(def.in);
  if (def.type === "union") return shapeOf(def.options.at(-1));
  return null;
}

/** An object of the shape's keys, each usually present with a plausible value, sometimes an odd one. */
function objectOf(shape: Record<string, z.ZodType>, f: Fixtures) {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [
      k,
      fc.option(
        fc.oneof({ arbitrary: fc.constantFrom(...plausible(v, f)), weight: 3 }, { arbitrary: anything, weight: 1 }),
        { freq: 5, nil: undefined },
      ),
    ]),
  );
  return fc
    .record(fields)
    .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, unknown>);
}

function bodyFor(schema: z.ZodType, f: Fixtures): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const element = def.type === "array" ? shapeOf(def.element) : null;
  const shape = shapeOf(schema);
  const shaped = element
    ? fc.array(objectOf(element, f), { maxLength: 3 })
    : shape
      ? objectOf(shape, f)
      : fc.dictionary(fc.constantFrom("siteName", "authExpire", "openRegister", "x"), anything, { maxKeys: 3 });
  return fc.oneof({ arbitrary: shaped, weight: 6 }, { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 });
}

const encodable = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};
/** Path parameters: the fixtures' ids mostly, else numbers, words and edge values (lone surrogates cannot be sent). */
const paramFor = (f: Fixtures) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(f.spaceId, f.agentId, f.otherId, 1).map(String), weight: 3 },
    { arbitrary: fc.integer({ min: -3, max: 20 }).map(String), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12, unit: "grapheme" }), weight: 1 },
    { arbitrary: edgy.map(String).filter(encodable), weight: 1 },
  );

function requestFor(e: Endpoint, f: Fixtures) {
  const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const queryShape = e.query ? shapeOf(e.query) : null;
  return fc.record({
    params: fc.tuple(...names.map(() => paramFor(f))),
    body: e.body ? bodyFor(e.body, f) : fc.constant(undefined),
    query: queryShape ? objectOf(queryShape, f) : fc.constant({}),
    signedIn: fc.constantFrom(true, true, true, false),
  });
}

let s: TestServer;
let user: { token: string };
let member: { id: number };
const seen = new Map<string, number>();
beforeAll(async () => {
  s = await startServer();
  user = await s.newUser();
  member = await s.newUser();
});
afterAll(async () => {
  await s.close();
});

/**
 * A fresh team space with a member and an agent for each endpoint that writes, so what one endpoint's fuzz deletes
 * or moves does not starve the next; reads share one set. Endpoints of /api/user/* may sign the user out or change
 * the password: they get a user of their own.
 */
let shared: Promise<{ token: string; f: Fixtures }> | undefined;
async function fixtures(e: Endpoint) {
  if (e.method === "GET") {
    shared ??= freshFixtures(user.token);
    return shared;
  }
  const own = e.path.startsWith("/api/user/") && !e.path.startsWith("/api/user/agent/");
  return freshFixtures(own ? (await s.newUser()).token : user.token);
}
async function freshFixtures(token: string) {
  const spaceId = (await s.call("/api/space/add", { token, body: { name: "fuzz" } })).data as number;
  await s.call("/api/space/user/add", { token, body: [{ spaceId, userId: member.id, role: "User" }] });
  const agentId = await addAgent(s, token, spaceId);
  return { token, f: { spaceId, agentId, otherId: member.id } };
}

async function send(e: Endpoint, path: string, raw: string | undefined, token: string | null) {
  const headers: Record<string, string> = {};
  if (raw !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(s.url + path, { method: e.method, headers, body: raw });
  const what = `${e.method} ${path} ${raw?.slice(0, 200) ?? ""}`;
  if (e.stream && res.headers.get("content-type")?.startsWith("text/event-stream")) {
    expect(res.status, what).toBe(200);
    await res.body?.cancel();
    seen.set("stream", (seen.get("stream") ?? 0) + 1);
    return;
  }
  // A download is whatever comes as an attachment (an agent's configuration file is JSON too) or is not JSON.
  const download =
    res.headers.get("content-disposition")?.startsWith("attachment") ||
    !res.headers.get("content-type")?.includes("json");
  if (e.file && download) {
    expect(res.status, what).toBe(200);
    await res.body?.cancel();
    seen.set("file", (seen.get("file") ?? 0) + 1);
    return;
  }
  const text = await res.text();
  // A refused stream answers its envelope with an HTTP status (the reader is not a JSON client); all else is 200.
  if (!e.stream) expect(res.status, what).toBe(200);
  const json = JSON.parse(text) as { code: string; success: boolean; tid: string; data: unknown };
  expect(KNOWN.has(json.code), `${what} → ${text.slice(0, 300)}`).toBe(true);
  expect(json.success).toBe(json.code === "0000");
  expect(json.tid).toBeTruthy();
  if (json.code === "0000" && e.response) {
    expect(e.response.safeParse(json.data).error?.issues, `${what} → ${text.slice(0, 300)}`).toBeUndefined();
  }
  seen.set(json.code, (seen.get(json.code) ?? 0) + 1);
}

const runsFor = (e: Endpoint) => (e.body ? 10 : e.path.includes(":") || e.query ? 6 : 2);

describe("fuzz: random input at every endpoint of the contract", () => {
  for (const e of endpointList) {
    it(`${e.name}: ${e.method} ${e.path}`, async () => {
      const { token, f } = await fixtures(e);
      await fc.assert(
        fc.asyncProperty(requestFor(e, f), async ({ params, body, query, signedIn }) => {
          const values = Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map((m, i) => [m[1]!, params[i]!]));
          // A query string holds text: generated objects go as JSON (String() throws on an object with a "toString" key).
          const text = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
          const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, text(v)])).toString();
          const path = e.path.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(values[n]!));
          await send(
            e,
            search ? `${path}?${search}` : path,
            body === undefined ? undefined : JSON.stringify(body),
            signedIn ? token : null,
          );
        }),
        { numRuns: runsFor(e) },
      );
    });
  }

  it("raw bytes that are not JSON, at every endpoint that reads a body", async () => {
    const withBody = endpointList.filter((e) => e.body && !e.path.startsWith("/api/user/"));
    const { token, f } = await fixtures(withBody[0]!);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBody), fc.string({ unit: "binary", maxLength: 60 }), async (e, raw) => {
        await send(e, e.path.replace(/:(\w+)/g, String(f.agentId)), raw, token);
      }),
      { numRuns: 60 },
    );
  });

  it("leaves the server alive and answering", async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    const u = await s.newUser();
    expect((await s.call("/api/user/getLoginInfo", { token: u.token })).code).toBe("0000");
    // The fuzz reached past validation, not only 4000s.
    expect(seen.get("0000") ?? 0).toBeGreaterThan(50);
    expect([...seen.keys()].length).toBeGreaterThan(4);
  });
});
