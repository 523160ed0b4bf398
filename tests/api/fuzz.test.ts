import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

/**
 * Random JSON at every POST endpoint of the foundation, signed in and not: only envelope codes may come back
 * (never 5000, never a non-200), and the server keeps answering. A few hundred requests in all.
 */
const KNOWN = new Set(["0000", "0001", "4000", "4010", "4011", "4030", "4040", "4050", "4290"]);
const RUNS = 10;

interface Endpoint {
  path: string;
  keys: string[];
  /** A body that passes validation, given the ids of the fuzz fixtures; mutations start from it. */
  valid: (ids: Ids) => unknown;
  /** The body is an array of such objects (space/user/add). */
  array?: boolean;
  /** The path ends in an id. */
  idInPath?: boolean;
}
interface Ids {
  spaceId: number;
  otherId: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    path: "/api/user/passwordLogin",
    keys: ["phoneOrEmail", "phone", "password", "areaCode", "captchaVerifyParam"],
    valid: () => ({ phoneOrEmail: "fuzz-nobody", password: "secret", areaCode: "86" }),
  },
  {
    path: "/api/user/code/send",
    keys: ["type", "phone", "email", "captchaVerifyParam"],
    valid: () => ({ type: "LOGIN_OR_REGISTER", email: "fuzz@example.com" }),
  },
  {
    path: "/api/user/codeLogin",
    keys: ["phoneOrEmail", "phone", "email", "code"],
    valid: () => ({ phoneOrEmail: "fuzz@example.com", code: "123456" }),
  },
  { path: "/api/user/password/set", keys: ["password"], valid: () => ({ password: "Fuzz#Pass1" }) },
  {
    path: "/api/user/password/reset",
    keys: ["newPassword", "code", "phoneOrEmail"],
    valid: () => ({ newPassword: "Fuzz#Pass1", code: "123456", phoneOrEmail: "fuzz@example.com" }),
  },
  {
    path: "/api/user/email/bind",
    keys: ["email", "phone", "code"],
    valid: () => ({ email: "fuzz@example.com", code: "123456" }),
  },
  {
    path: "/api/user/update",
    keys: ["userName", "nickName", "avatar"],
    valid: () => ({ userName: "fuzz_name", nickName: "模糊", avatar: "" }),
  },
  { path: "/api/user/search", keys: ["kw"], valid: () => ({ kw: "fuzz" }) },
  {
    path: "/api/space/add",
    keys: ["name", "description", "icon"],
    valid: () => ({ name: "fuzz", description: "", icon: "" }),
  },
  {
    path: "/api/space/update",
    keys: ["id", "name", "description", "icon", "receivePublish", "allowDevelop"],
    valid: ({ spaceId }) => ({ id: spaceId, name: "fuzz", receivePublish: 1 }),
  },
  { path: "/api/space/delete", keys: ["spaceId"], valid: ({ spaceId }) => ({ spaceId }), idInPath: true },
  {
    path: "/api/space/transfer",
    keys: ["spaceId", "targetUserId"],
    valid: ({ spaceId }) => ({ spaceId, targetUserId: 999_999 }),
  },
  {
    path: "/api/space/user/add",
    keys: ["spaceId", "userId", "role"],
    valid: ({ spaceId, otherId }) => [{ spaceId, userId: otherId, role: "User" }],
    array: true,
  },
  {
    path: "/api/space/user/list",
    keys: ["spaceId", "kw", "role"],
    valid: ({ spaceId }) => ({ spaceId, kw: "f", role: "User" }),
  },
  {
    path: "/api/space/user/role/update",
    keys: ["spaceId", "userId", "role"],
    valid: ({ spaceId, otherId }) => ({ spaceId, userId: otherId, role: "User" }),
  },
  {
    path: "/api/space/user/delete",
    keys: ["spaceId", "userId"],
    valid: ({ spaceId }) => ({ spaceId, userId: 999_999 }),
  },
];

/** Values that sit on the edges of the contracts: near-valid strings, ids, enum spellings, oddities. */
const edgy = fc.constantFrom<unknown>(
  "",
  " ",
  "0",
  "1",
  "-1",
  "2",
  "1.5",
  "2147483648",
  "admin",
  "Owner",
  "Admin",
  "User",
  "LOGIN_OR_REGISTER",
  "RESET_PASSWORD",
  "BIND_EMAIL",
  "a@b.co",
  "13800138000",
  "123456",
  "user1234567890",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "%_\\",
  "'; drop table space; --",
  "x".repeat(300),
  0,
  1,
  2,
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
const value = fc.oneof(
  { arbitrary: edgy, weight: 3 },
  { arbitrary: oddString, weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.integer({ min: -5, max: 50 }), weight: 1 },
);

/** A valid body with one field replaced (or removed), a dictionary of the endpoint's keys, or any JSON. */
function bodyFor(e: Endpoint, ids: Ids) {
  const mutated = fc
    .record({ key: fc.constantFrom(...e.keys), v: fc.option(value, { nil: undefined }) })
    .map(({ key, v }) => {
      const base = e.valid(ids);
      const target = (Array.isArray(base) ? base[0] : base) as Record<string, unknown>;
      if (v === undefined) delete target[key];
      else target[key] = v;
      return base;
    });
  const shaped = fc.dictionary(fc.constantFrom(...e.keys), value, { maxKeys: e.keys.length });
  return fc.oneof(
    { arbitrary: mutated, weight: 4 },
    { arbitrary: e.array ? fc.array(shaped, { maxLength: 4 }) : shaped, weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}
const encodable = (s: string) => {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
};
// Lone surrogates cannot be URL-encoded (encodeURIComponent throws), so path ids are well-formed strings.
const pathId = fc.oneof(
  fc.integer({ min: -3, max: 20 }).map(String),
  fc.string({ maxLength: 12, unit: "grapheme" }),
  edgy.map(String).filter(encodable),
);

let s: TestServer;
let token: string;
let adminToken: string;
let ids: Ids;
const seen = new Map<string, number>();
beforeAll(async () => {
  s = await startServer();
  const u = await s.newUser();
  token = u.token;
  adminToken = await s.adminToken();
  // Something to aim at: a team space with a member.
  const spaceId = (await s.call("/api/space/add", { token, body: { name: "fuzz" } })).data;
  const other = await s.newUser();
  await s.call("/api/space/user/add", { token, body: [{ spaceId, userId: other.id, role: "User" }] });
  ids = { spaceId, otherId: other.id };
});
afterAll(async () => {
  await s.close();
});

async function post(path: string, raw: string, auth: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (auth) headers.authorization = `Bearer ${auth}`;
  const res = await fetch(s.url + path, { method: "POST", headers, body: raw });
  const text = await res.text();
  expect(res.status, `${path} ${raw.slice(0, 200)}`).toBe(200);
  const json = JSON.parse(text) as { code: string; success: boolean; tid: string };
  expect(KNOWN.has(json.code), `${path} ${raw.slice(0, 200)} → ${text.slice(0, 300)}`).toBe(true);
  expect(json.success).toBe(json.code === "0000");
  expect(json.tid).toBeTruthy();
  seen.set(json.code, (seen.get(json.code) ?? 0) + 1);
}

describe("fuzz: random JSON at every POST endpoint", () => {
  for (const e of ENDPOINTS) {
    it(e.path, async () => {
      const arb = fc.record({
        body: bodyFor(e, ids),
        id: pathId,
        who: fc.constantFrom<"anon" | "user" | "admin">("anon", "user", "user", "admin"),
      });
      await fc.assert(
        fc.asyncProperty(arb, async ({ body, id, who }) => {
          const path = e.idInPath ? `${e.path}/${encodeURIComponent(id)}` : e.path;
          const auth = who === "anon" ? null : who === "user" ? token : adminToken;
          await post(path, JSON.stringify(body), auth);
        }),
        { numRuns: RUNS * 2 },
      );
    });
  }

  it("raw bytes that are not JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), fc.string({ unit: "binary", maxLength: 60 }), async (e, raw) => {
        await post(e.idInPath ? `${e.path}/1` : e.path, raw, token);
      }),
      { numRuns: 40 },
    );
  });

  it("leaves the server alive and answering", async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    expect((await s.call("/api/user/getLoginInfo", { token })).code).toBe("0000");
    // The fuzz reached past validation, not only 4000s.
    expect([...seen.keys()].length).toBeGreaterThan(2);
  });
});
