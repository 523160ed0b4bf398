import { newUuid } from "./ids";
import type { NodeConfig } from "./types";

/** Intents of an IntentRecognition node (intentConfigSchema); the last, 其他意图, is taken when none matches. */
export interface Intent {
  uuid: string;
  intent: string;
  intentType?: string | null;
  nextNodeIds?: number[] | null;
}

export const MAX_INTENTS = 26;
const isOther = (i: Intent) => i.intentType === "OTHER";
const other = (): Intent => ({ uuid: newUuid(), intent: "其他意图", intentType: "OTHER", nextNodeIds: [] });

/** The listed intents followed by exactly one 其他意图 (a new node starts with one empty intent). */
export function intentsOf(config: NodeConfig): Intent[] {
  const stored = Array.isArray(config.intentConfigs) ? (config.intentConfigs as Intent[]) : [];
  const listed = stored.filter((i) => !isOther(i));
  const fallback = stored.find(isOther) ?? other();
  return [...(stored.length ? listed : [{ uuid: newUuid(), intent: "", nextNodeIds: [] }]), fallback];
}

export const needsIntentDefaults = (config: NodeConfig) => {
  const stored = Array.isArray(config.intentConfigs) ? (config.intentConfigs as Intent[]) : [];
  return !stored.length || !stored.some(isOther);
};

export function addIntent(intents: Intent[]): Intent[] {
  if (intents.length >= MAX_INTENTS) return intents;
  return [...intents.slice(0, -1), { uuid: newUuid(), intent: "", nextNodeIds: [] }, ...intents.slice(-1)];
}

export function removeIntent(intents: Intent[], index: number): Intent[] {
  if (isOther(intents[index] ?? other())) return intents;
  return intents.filter((_, i) => i !== index);
}

export function setIntent(intents: Intent[], index: number, intent: string): Intent[] {
  return intents.map((item, i) => (i === index ? { ...item, intent } : item));
}

export function validateIntents(config: NodeConfig): string[] {
  const listed = intentsOf(config).filter((i) => !isOther(i));
  const problems: string[] = [];
  if (!listed.length) problems.push("请至少添加一个意图");
  if (listed.some((i) => !i.intent.trim())) problems.push("意图描述不能为空");
  const texts = listed.map((i) => i.intent.trim()).filter(Boolean);
  if (new Set(texts).size !== texts.length) problems.push("意图描述不能重复");
  return problems;
}
