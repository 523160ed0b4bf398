/**
 * `{{name}}` placeholders of prompt and template fields (original-frontend.md §3.3): what the completion list
 * offers while typing, what choosing an entry writes, and which placeholders name nothing the node declares.
 */

/** The open `{{` just before the caret and what is typed after it, or null outside a placeholder. */
export function completionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const open = before.lastIndexOf("{{");
  if (open < 0) return null;
  const query = before.slice(open + 2);
  if (!/^[\w.[\]]*$/.test(query)) return null;
  return { start: open, query };
}

/** The entries matching what is typed, names starting with it first. */
export function matchNames(names: readonly string[], query: string): string[] {
  const q = query.toLowerCase();
  const starts = names.filter((n) => n.toLowerCase().startsWith(q));
  return [...starts, ...names.filter((n) => !starts.includes(n) && n.toLowerCase().includes(q))];
}

/** The text with the placeholder under the caret completed to `{{name}}`, and where the caret goes. */
export function applyCompletion(text: string, start: number, caret: number, name: string) {
  const after = text.slice(caret);
  // Keep an already-typed closing `}}` instead of doubling it.
  const rest = after.replace(/^[\w.[\]]*\}\}/, "");
  const inserted = `{{${name}}}`;
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/** Placeholder roots the node does not declare (`{{a.b}}` and `{{a[0]}}` name `a`). */
export function unknownPlaceholders(text: string, names: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    const root = /^[A-Za-z_][\w]*/.exec(m[1] ?? "")?.[0];
    if (!root || !names.includes(root)) unknown.add(m[1] ?? "");
  }
  return [...unknown];
}

/** A problem line for a template field that names undeclared variables, or nothing. */
export function templateProblems(label: string, text: unknown, names: readonly string[]): string[] {
  if (typeof text !== "string") return [];
  const unknown = unknownPlaceholders(text, names);
  return unknown.length ? [`${label}中的变量 ${unknown.map((u) => `{{${u}}}`).join("、")} 未在参数中声明`] : [];
}
