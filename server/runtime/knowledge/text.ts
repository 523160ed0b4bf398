import { createRequire } from "node:module";
import { Jieba } from "@node-rs/jieba";

const require = createRequire(import.meta.url);
type Dictionaries = { dict: Buffer; idf: Buffer };
let dictionaries: Dictionaries | undefined;
/** jieba's dictionaries: 11 MB read from disk when first needed, not at every start (idle memory, issue 16). */
const jiebaDictionaries = () => {
  dictionaries ??= require("@node-rs/jieba/dict") as Dictionaries;
  return dictionaries;
};

/** Product words jieba's default dictionary splits (智能/体 …). */
const USER_WORDS = ["智能体", "知识库", "工作流", "大模型", "向量化", "限流", "子账号", "两步验证", "红冲", "专用发票"];

let jieba: Jieba | undefined;
/** Loaded on first use (about a second and a half): processes that never touch knowledge never pay for it. */
function segmenter() {
  if (!jieba) {
    jieba = Jieba.withDict(jiebaDictionaries().dict);
    jieba.loadDict(Buffer.from(USER_WORDS.map((w) => `${w} 100000 n`).join("\n")));
  }
  return jieba;
}

let idfTable: Map<string, number> | undefined;
let medianIdf = 11.7;
/** jieba's inverse document frequencies (from a large general corpus), for weighting lexical features. */
export function idfOf(word: string) {
  if (!idfTable) {
    idfTable = new Map();
    const values: number[] = [];
    for (const line of Buffer.from(jiebaDictionaries().idf).toString("utf8").split("\n")) {
      const space = line.lastIndexOf(" ");
      if (space <= 0) continue;
      const v = Number(line.slice(space + 1));
      idfTable.set(line.slice(0, space), v);
      values.push(v);
    }
    values.sort((a, b) => a - b);
    medianIdf = values[Math.floor(values.length / 2)] ?? medianIdf;
  }
  return idfTable.get(word) ?? medianIdf;
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * Search tokens of a text: jieba's search mode (words and their sub-words, so 增值税 also finds 增值), lowercased,
 * punctuation and whitespace left out.
 */
export function tokenize(text: string): string[] {
  return segmenter()
    .cutForSearch(text, true)
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && WORD.test(t));
}

/** Plain words (no sub-words), for lexical embeddings. */
export function words(text: string): string[] {
  return segmenter()
    .cut(text, true)
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t && WORD.test(t));
}

/**
 * The text stored for to_tsvector('simple', …): tokens joined by spaces. Characters tsvector parsing treats
 * specially are replaced, so a token is always one lexeme.
 */
export const tsvectorText = (text: string) =>
  tokenize(text)
    .map((t) => t.replace(/[^\p{L}\p{N}]/gu, "_"))
    .join(" ");
