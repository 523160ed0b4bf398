import { idfOf, words } from "./text";

/** The built-in embedding's length. */
export const LEXICAL_DIM = 512;
export const LEXICAL_MODEL = "builtin-lexical";

/** FNV-1a, 32 bits: a stable hash for feature hashing (the same text gives the same vector on every machine). */
function fnv1a(s: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]{2,}/gu;
/** Character bigrams weigh less than words: they catch words jieba split differently in question and text. */
const BIGRAM_WEIGHT = 0.35;

/**
 * The built-in offline embedding — lexical, not semantic: jieba words weighted by their IDF (jieba's table from a
 * general corpus) and CJK character bigrams, sub-linear term frequency, feature-hashed with a sign bit into
 * LEXICAL_DIM dimensions, L2-normalised. Texts sharing rare words score high; paraphrases with no shared words
 * do not, which is why the model list labels it as lexical.
 */
export function lexicalEmbedding(text: string): number[] {
  const features = new Map<string, number>();
  const add = (f: string, w: number) => features.set(f, (features.get(f) ?? 0) + w);
  for (const w of words(text)) add(`w:${w}`, 1);
  for (const run of text.match(CJK_RUN) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) add(`b:${run.slice(i, i + 2)}`, 1);
  }
  const v = new Float64Array(LEXICAL_DIM);
  for (const [f, tf] of features) {
    const isWord = f.startsWith("w:");
    const weight = (1 + Math.log(tf)) * (isWord ? Math.max(1, idfOf(f.slice(2))) : BIGRAM_WEIGHT * 8);
    const h = fnv1a(f);
    const i = h % LEXICAL_DIM;
    v[i] = (v[i] ?? 0) + (h & 0x80000000 ? -weight : weight);
  }
  return normalise(Array.from(v));
}

export function normalise(v: number[]) {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm > 0 ? v.map((x) => x / norm) : v;
}
