/** A `%…%` ILIKE pattern that matches the keyword literally (its own `%`, `_` and `\` are escaped). */
export const containsPattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
