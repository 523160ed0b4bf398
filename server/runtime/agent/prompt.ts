import type { Attachment } from "#server/db/schema";
import type { MessageRow } from "#server/modules/conversation";

/** Reads `a.b[0].c` from the variables; missing values read as "". */
function lookup(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values;
  for (const part of path.replace(/\[(\d+)\]/g, ".$1").split(".")) {
    if (current === null || current === undefined || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** `{{name}}` placeholders replaced from variables; objects are JSON, missing values empty. */
export function substitute(template: string, values: Record<string, unknown>) {
  return template.replace(/\{\{\s*([A-Za-z_][\w.[\]]*)\s*\}\}/g, (_m, path: string) => {
    const value = lookup(values, path);
    if (value === undefined || value === null) return "";
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  });
}

export function systemPrompt(globalPrompt: string, agentPrompt: string, values: Record<string, unknown>) {
  const parts = [globalPrompt.trim(), substitute(agentPrompt, values).trim()].filter(Boolean);
  return parts.join("\n\n");
}

/** What the model reads as the user's turn: the user prompt template wraps the message when set. */
export function userTurnText(
  message: string,
  userPrompt: string,
  attachments: Attachment[],
  values: Record<string, unknown>,
) {
  const parts: string[] = [];
  if (userPrompt.trim()) parts.push(`<user-reminder>${substitute(userPrompt, values)}</user-reminder>`);
  if (attachments.length) {
    const listed = attachments.map((a) => ({ fileName: a.fileName, mimeType: a.mimeType, fileUrl: a.fileUrl }));
    parts.push(`<attachment>${JSON.stringify(listed)}</attachment>`);
  }
  const text = message.trim() || (attachments.length ? "请分析上面的附件。" : "");
  parts.push(userPrompt.trim() ? `<user-message>${text}</user-message>` : text);
  return parts.join("\n");
}

/** A model message of plain text (what a chat's history and turn are; the SDK's ModelMessage accepts it). */
export interface TextMessage {
  role: "user" | "assistant";
  content: string;
}

/**
 * The last `rounds` exchanges as model messages: only finished answers (complete or interrupted),
 * roles alternating, starting with the user.
 */
export function historyMessages(
  history: Pick<MessageRow, "role" | "status" | "text">[],
  rounds: number,
): TextMessage[] {
  if (rounds <= 0) return [];
  const usable = history.filter(
    (m) => m.role === "USER" || (m.role === "ASSISTANT" && m.status !== "error" && m.text.trim()),
  );
  const out: TextMessage[] = [];
  for (const m of usable) {
    const role = m.role === "USER" ? "user" : "assistant";
    if (out.at(-1)?.role === role) out.pop();
    out.push({ role, content: m.text });
  }
  while (out[0]?.role === "assistant") out.shift();
  if (out.at(-1)?.role === "user") out.pop();
  return out.slice(-rounds * 2);
}
