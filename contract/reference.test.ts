import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { endpointList } from "./api";

/**
 * Issue 18: walks reference/original-frontend.md §1 (the original client's API contract) and, for every endpoint we
 * implement with a declared response, checks that the response schema names each field the reference lists for it.
 * The contract-routes test checks real answers against these schemas, so a field dropped here is a field the
 * original client would miss. Differences we chose are listed below with their reason; anything else fails.
 */
const KNOWN: Record<string, { fields: string[]; why: string }> = {
  "auth.loginInfo": { fields: ["password"], why: "a password (or its hash) never leaves the server" },
  "conversation.update": {
    fields: ["agent", "messageList"],
    why: "the update answers the conversation itself; the client reloads the agent view and messages",
  },
  "tempchat.linkCreate": { fields: ["qrCodeUrl"], why: "the web shows the link; no QR image service" },
  "publish.categories": { fields: ["key", "label"], why: "the tree form: key and label are on each child" },
  "workflow.previous": {
    fields: ["id", "name", "type", "icon", "outputArgs"],
    why: "fields of each previousNodes item",
  },
  "workflow.get": {
    fields: ["systemVariables", "forceCommit", "workflowType"],
    why: "fields of the newer (HEAD) editor; this product follows the OLD per-node editor",
  },
};

const doc = readFileSync(path.resolve(process.cwd(), "../shared/reference/original-frontend.md"), "utf8");
const contract = doc.slice(doc.indexOf("## 1. API contract"), doc.indexOf("## 2. Chat streaming"));

/** Backticked field names of a list, leaving out what nested parentheses describe (a field's own fields). */
function fieldsOf(text: string) {
  let flat = text;
  for (let before = ""; before !== flat; ) {
    before = flat;
    flat = flat.replace(/\([^()]*\)/g, "");
  }
  return [...flat.matchAll(/`([A-Za-z_]\w*)\??(?::[^`]*)?`/g)].map((m) => m[1]!).filter((f) => /^[a-z]/.test(f));
}

/** `TypeName` (…): `field`, `field`, … definitions. */
const types = new Map<string, string[]>();
/** Table rows: | METHOD | `path` | body | response |. */
const rows: { method: string; path: string; response: string }[] = [];
for (const line of contract.split("\n")) {
  // Several definitions may share a line: "`A`: `x`, `y`. `B`: `z`." — each is its own type.
  for (const part of line.split(/(?<=\.)\s+(?=`[A-Z]\w+`[^:`]*?:\s)/)) {
    const type = /^`([A-Z]\w+)`[^:]*?:\s(.*)$/.exec(part);
    if (type) types.set(type[1]!, fieldsOf(type[2]!));
  }
  const cells = line.split("|").map((c) => c.trim());
  if (cells.length < 6 || !/^(GET|POST)$/.test(cells[1]!)) continue;
  // "same" answers what the row above answers (the square's lists).
  const response = /^same\b/.test(cells[4]!) ? (rows.at(-1)?.response ?? "") : cells[4]!;
  for (const p of cells[2]!.matchAll(/`([^`]+)`/g)) rows.push({ method: cells[1]!, path: p[1]!, response });
}
// A record type defined only where a row answers it: "`Page<logInfo>` (`requestId`, …)"; another row may name it alone.
for (const { response } of rows) {
  const inline = /^`(?:Page<)?([a-z]\w*)>?`\s*\((.*)\)\s*$/.exec(response);
  if (inline && !types.has(inline[1]!)) types.set(inline[1]!, fieldsOf(inline[2]!));
}

const samePath = (p: string) => p.replace(/\?.*$/, "").replace(/\{[^}]+\}|:\w+/g, ":x");

/** The keys of the record a response carries: through arrays, pages, nullables and defaults. */
function recordKeys(schema: z.ZodType): string[] | null {
  let s: any = schema;
  for (let depth = 0; depth < 10 && s; depth++) {
    const def = s._zod?.def;
    if (!def) return null;
    if (def.type === "object") {
      if (def.shape.records && def.shape.pages) {
        s = def.shape.records;
        continue;
      }
      return Object.keys(def.shape);
    }
    if (def.type === "array") s = def.element;
    else if (["nullable", "optional", "default", "pipe"].includes(def.type)) s = def.innerType ?? def.in;
    else return null;
  }
  return null;
}

describe("the original client's response fields (reference §1)", () => {
  const compared = rows.flatMap((row) => {
    const ours = endpointList.find((e) => e.method === row.method && samePath(e.path) === samePath(row.path));
    const keys = ours?.response ? recordKeys(ours.response) : null;
    if (!ours || !keys) return [];
    const named = /^`?(?:Page<)?([A-Za-z]\w+)/.exec(row.response)?.[1];
    const expected = named && types.has(named) ? types.get(named)! : fieldsOf(row.response);
    return expected.length ? [{ name: ours.name, path: row.path, keys, expected: [...new Set(expected)] }] : [];
  });

  it("finds the reference's endpoints in our contract", () => {
    expect(rows.length).toBeGreaterThan(150);
    expect(compared.length).toBeGreaterThan(30);
  });

  it("declares every field the reference lists, but the differences chosen above", () => {
    const missing = Object.fromEntries(
      compared
        .map((c): [string, string[]] => [
          c.name,
          c.expected.filter((f) => !c.keys.includes(f) && !KNOWN[c.name]?.fields.includes(f)),
        ])
        .filter(([, fields]) => fields.length > 0),
    );
    expect(missing).toEqual({});
  });

  it("keeps the list of chosen differences current: each is still a difference", () => {
    for (const [name, known] of Object.entries(KNOWN)) {
      const c = compared.find((x) => x.name === name);
      expect(c, `${name} is no longer compared`).toBeDefined();
      for (const field of known.fields) expect(c!.keys, `${name} now declares ${field}`).not.toContain(field);
    }
  });
});
