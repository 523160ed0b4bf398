import type { SegmentConfig } from "#contract/api/knowledge";

/** Chunks shorter than this are dropped (original-backend.md §7.2). */
export const MIN_CHUNK_CHARS = 10;

/** Where a sentence ends: Chinese and Latin end punctuation (with closing quotes), or a line break. */
const SENTENCE = /[^。！？!?；;\n]*(?:[。！？!?；;]+[”’"』」)]*|\n+|$)|[^\n]+/gu;

/** "\n" typed into the form as two characters means a line break (and "\t" a tab). */
export const unescapeDelimiter = (d: string) => d.replace(/\\n/g, "\n").replace(/\\t/g, "\t");

/**
 * Splits a document into chunks. WORDS packs whole sentences into chunks of at most `words` characters (a sentence
 * longer than that is cut), each chunk starting with the last `overlaps` characters of the previous one.
 * DELIMITER splits at the literal delimiter, then re-chunks any piece longer than `words` the same way.
 * `isTrim` collapses runs of spaces; chunks are trimmed and those under 10 characters dropped.
 */
export function chunkText(text: string, config: SegmentConfig): string[] {
  const source = config.isTrim ? text.replace(/[ \t\u00a0\u3000]+/g, " ") : text;
  const words = Math.max(1, config.words);
  const overlap = Math.min(Math.max(0, config.overlaps), Math.floor(words / 2));
  const pieces = config.segment === "DELIMITER" ? source.split(unescapeDelimiter(config.delimiter || "\n")) : [source];
  const chunks: string[] = [];
  for (const piece of pieces) {
    for (const chunk of packSentences(piece, words, overlap)) {
      const clean = chunk.trim();
      if ([...clean].length >= MIN_CHUNK_CHARS) chunks.push(clean);
    }
  }
  return chunks;
}

function sentencesOf(text: string, max: number): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SENTENCE)) {
    const s = m[0];
    if (!s) continue;
    if (s.length <= max) out.push(s);
    // A sentence longer than a chunk: cut at commas first, then hard.
    else for (const part of s.match(new RegExp(`[^，,、]{1,${max}}[，,、]?|.{1,${max}}`, "gsu")) ?? []) out.push(part);
  }
  return out;
}

function packSentences(text: string, max: number, overlap: number): string[] {
  if (text.trim().length <= max) return [text];
  const chunks: string[] = [];
  let current = "";
  // Whether `current` holds more than the overlap carried over from the previous chunk.
  let fresh = false;
  for (const sentence of sentencesOf(text, max - overlap)) {
    if (fresh && current.length + sentence.length > max) {
      chunks.push(current);
      current = overlap ? current.slice(-overlap) : "";
    }
    current += sentence;
    fresh = true;
  }
  if (fresh && current.trim()) chunks.push(current);
  return chunks;
}
