import { MEMORY_CONTENT_MAX, type MemoryCategory, memoryCategories } from "#contract/api/memory";
import type { MemoryPatch, MemoryRow, NewMemory } from "#server/modules/memory";
import { memoryIndex } from "./recall";

/** One fact as the extraction model answers it. */
export interface ExtractedMemory {
  id?: number;
  category: MemoryCategory;
  subCategory: string;
  key: string;
  content: string;
  isSensitive: boolean;
}

const MAX_PER_TURN = 20;
const categories = new Set<string>(memoryCategories);
const text = (v: unknown, max: number) => (typeof v === "string" ? v.trim().slice(0, max) : "");
/** auth holds credentials and contact numbers: sensitive whatever the model said. */
const alwaysSensitive = new Set<MemoryCategory>(["auth"]);

/** The model's JSON (`{"memories": [...]}`, possibly wrapped in prose or a code fence) as checked facts. */
export function parseExtraction(raw: string): ExtractedMemory[] {
  const cleaned = raw.replace(/<think>[\s\S]*?<\/think>/g, "");
  const start = cleaned.indexOf("{");
  const end = cleaned.lastIndexOf("}");
  if (start < 0 || end <= start) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(cleaned.slice(start, end + 1));
  } catch {
    return [];
  }
  const list = (parsed as { memories?: unknown })?.memories;
  if (!Array.isArray(list)) return [];
  const out: ExtractedMemory[] = [];
  for (const item of list.slice(0, MAX_PER_TURN)) {
    if (!item || typeof item !== "object") continue;
    const m = item as Record<string, unknown>;
    const content = text(m.content, MEMORY_CONTENT_MAX);
    if (!content) continue;
    const category = (categories.has(String(m.category)) ? m.category : "other") as MemoryCategory;
    const id = Number(m.id);
    out.push({
      ...(Number.isInteger(id) && id > 0 ? { id } : {}),
      category,
      subCategory: text(m.subCategory, 64),
      key: text(m.key, 64),
      content,
      isSensitive: m.isSensitive === true || alwaysSensitive.has(category),
    });
  }
  return out;
}

const same = (a: string, b: string) => a.replace(/\s+/g, "") === b.replace(/\s+/g, "");

export interface MergePlan {
  inserts: NewMemory[];
  updates: { id: number; patch: MemoryPatch }[];
}

/**
 * Merges new facts into what is remembered, so a fact told twice is one memory: a fact naming an existing
 * memory's id, or with the same category and key, updates it; the same content again changes nothing; anything
 * else is added.
 */
export function planMerge(
  owner: { tenantId: number; userId: number; agentId: number },
  existing: MemoryRow[],
  extracted: ExtractedMemory[],
): MergePlan {
  const plan: MergePlan = { inserts: [], updates: [] };
  const byId = new Map(existing.map((m) => [m.id, m]));
  const byKey = new Map(existing.filter((m) => m.memoryKey).map((m) => [`${m.category}/${m.memoryKey}`, m]));
  const added = new Map<string, NewMemory>();
  const known = (content: string) =>
    existing.some((m) => same(m.content, content)) || plan.inserts.some((m) => same(String(m.content), content));
  for (const fact of extracted) {
    if (known(fact.content)) continue;
    const key = `${fact.category}/${fact.key}`;
    const index = memoryIndex(fact.content);
    const target = (fact.id ? byId.get(fact.id) : undefined) ?? (fact.key ? byKey.get(key) : undefined);
    if (target) {
      plan.updates.push({
        id: target.id,
        patch: { content: fact.content, ...index, isSensitive: target.isSensitive || fact.isSensitive },
      });
      target.content = fact.content;
      continue;
    }
    const pending = fact.key ? added.get(key) : undefined;
    if (pending) {
      Object.assign(pending, { content: fact.content, ...index });
      continue;
    }
    const row: NewMemory = {
      ...owner,
      category: fact.category,
      subCategory: fact.subCategory,
      memoryKey: fact.key,
      content: fact.content,
      isSensitive: fact.isSensitive,
      ...index,
    };
    plan.inserts.push(row);
    if (fact.key) added.set(key, row);
  }
  return plan;
}
