import { parsePath, readPath } from "./values";

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;
/** A name, then `.name` or `[index]` steps: the only expressions a template has. */
const PATH = /^[\p{L}_$][\p{L}\p{N}_$-]*(\.[\p{L}\p{N}_$-]+|\[\d+\])*$/u;
const pathOf = (expression: string) => (PATH.test(expression) ? parsePath(expression) : null);

/** A value as it reads in text: strings as they are, nothing as "", everything else as JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * Renders `{{name}}`, `{{name.sub}}` and `{{name[0].sub}}` against a node's own resolved arguments
 * (reference original-frontend.md §3.3). A placeholder that names nothing renders empty; text that is not a
 * path (`{{ 1 + 1 }}`) is left as written, since it is not ours to interpret.
 */
export function renderTemplate(
  template: string | null | undefined,
  values: Record<string, unknown>,
  format: (value: unknown) => string = textOf,
): string {
  if (!template) return "";
  return template.replace(PLACEHOLDER, (whole, expression: string) => {
    const path = pathOf(expression);
    if (!path) return whole;
    return format(readPath(values, path));
  });
}

/** The argument names a template uses, for validation to check they are declared. */
export function templateNames(template: string | null | undefined): string[] {
  if (!template) return [];
  const names = new Set<string>();
  for (const [, expression] of template.matchAll(PLACEHOLDER)) {
    const first = pathOf(expression!)?.[0];
    if (typeof first === "string") names.add(first);
  }
  return [...names];
}
