/**
 * The built-in offline model's answers to the memory extraction and variable recognition requests
 * (server/runtime/memory/extract.ts, server/runtime/agent/variable-recognition.ts): plain patterns for the
 * simple first-person statements people make about themselves, so long-term memory and 自动识别 variables work
 * on a fresh install without a model key. Deterministic, like the rest of the built-in model.
 */

/** Up to the end of the clause: the fact itself, without the punctuation that closes it. */
const VALUE = "([^，。！？,.!?;；\\n]{1,40})";

interface Pattern {
  re: RegExp;
  category: string;
  subCategory: string;
  /** The fact's name; a function when each value is a fact of its own (two likes are two memories). */
  key: string | ((value: string) => string);
  content: (value: string) => string;
  sensitive?: boolean;
}

const PATTERNS: Pattern[] = [
  {
    re: new RegExp(`我的(?:密码|口令)(?:是|为)${VALUE}`),
    category: "auth",
    subCategory: "password",
    key: "密码",
    content: (v) => `用户的密码是${v}`,
    sensitive: true,
  },
  {
    re: new RegExp(`我的(?:手机号|手机号码|电话)(?:是|为)${VALUE}`),
    category: "auth",
    subCategory: "phone",
    key: "手机号",
    content: (v) => `用户的手机号是${v}`,
    sensitive: true,
  },
  {
    re: new RegExp(`(?:我叫|我的名字(?:是|叫))${VALUE}`),
    category: "profile",
    subCategory: "basic",
    key: "姓名",
    content: (v) => `用户的名字是${v}`,
  },
  {
    re: new RegExp(`我(?:住在|生活在|来自)${VALUE}`),
    category: "profile",
    subCategory: "location",
    key: "所在地",
    content: (v) => `用户住在${v}`,
  },
  {
    re: new RegExp(`我是(?:一名|一个|一位)${VALUE}`),
    category: "profile",
    subCategory: "work",
    key: "职业",
    content: (v) => `用户是一名${v}`,
  },
  {
    re: new RegExp(`(?:我(?:正在|在)做|我在开发|我的项目是|我负责)${VALUE}`),
    category: "project",
    subCategory: "current",
    key: "当前项目",
    content: (v) => `用户正在做${v}`,
  },
  {
    re: new RegExp(`我(?:不喜欢|讨厌)${VALUE}`),
    category: "preference",
    subCategory: "dislikes",
    key: (v) => `不喜欢：${v}`,
    content: (v) => `用户不喜欢${v}`,
  },
  {
    re: new RegExp(`我(?:很|最|非常)?(?:喜欢|爱|偏好)${VALUE}`),
    category: "preference",
    subCategory: "likes",
    key: (v) => `喜欢：${v}`,
    content: (v) => `用户喜欢${v}`,
  },
];

const QUESTION = /[吗呢？?]|什么|多少|哪|谁/;

/** The user's statements in the extraction request's conversation (`用户：…` lines); questions are no facts. */
function userStatements(prompt: string) {
  const out: string[] = [];
  for (const line of prompt.split("\n")) {
    const m = /^用户[:：]\s*(.*)$/.exec(line.trim());
    if (!m?.[1]) continue;
    for (const sentence of m[1].match(/[^。！!；;？?]+[。！!；;？?]?/g) ?? []) {
      if (!QUESTION.test(sentence)) out.push(sentence.replace(/[。！!；;]$/, ""));
    }
  }
  return out;
}

/** `{"memories": [...]}` for what the user said about themselves. */
export function offlineMemories(prompt: string) {
  const found = new Map<string, Record<string, unknown>>();
  for (const statement of userStatements(prompt)) {
    for (const clause of statement.split(/[，,]/)) {
      const p = PATTERNS.find((x) => x.re.test(clause));
      const value = p?.re.exec(clause)?.[1]?.trim();
      if (!p || !value) continue;
      const key = typeof p.key === "string" ? p.key : p.key(value);
      found.set(`${p.category}/${key}`, {
        category: p.category,
        subCategory: p.subCategory,
        key,
        content: p.content(value),
        isSensitive: Boolean(p.sensitive),
      });
    }
  }
  return JSON.stringify({ memories: [...found.values()] });
}

/**
 * Variable values out of the user's message: the request's system prompt lists `- name（label）` lines; a value
 * is what follows the label or the name with 是/为/=/:/：.
 */
export function offlineVariables(system: string, message: string) {
  const out: Record<string, string> = {};
  for (const [, name, label] of system.matchAll(/^- ([A-Za-z_]\w*)(?:（([^）]*)）)?/gm)) {
    for (const word of [label, name].filter((w): w is string => Boolean(w?.trim()))) {
      const escaped = word.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      // The last mention wins: the conversation is oldest first and a user may correct an earlier value.
      const mentions = [...message.matchAll(new RegExp(`${escaped}\\s*(?:是|为|=|:|：)\\s*${VALUE}`, "g"))];
      const value = mentions.at(-1)?.[1]?.trim();
      if (value) {
        out[name!] = value;
        break;
      }
    }
  }
  return JSON.stringify(out);
}
