import type { NodeConfig } from "./types";

export type CodeLanguage = "JavaScript" | "Python";

/** What a new Code node's editor starts with: `main(args)` gets the inputs and returns the outputs by name. */
export const starterCode: Record<CodeLanguage, string> = {
  JavaScript:
    "export default async function main(args) {\n  // args 中是输入参数，返回的对象的字段对应输出参数\n  return { output: args.input };\n}\n",
  Python:
    'def main(args):\n    # args 中是输入参数，返回的字典的键对应输出参数\n    return {"output": args.get("input")}\n',
};

export const languageOf = (config: NodeConfig): CodeLanguage =>
  config.codeLanguage === "Python" ? "Python" : "JavaScript";
const slot = (language: CodeLanguage) => (language === "Python" ? "codePython" : "codeJavaScript");

/** The code of the chosen language (its own slot, then the generic `code` of older nodes, then the starter). */
export function codeOf(config: NodeConfig): string {
  const language = languageOf(config);
  const own = config[slot(language)];
  if (typeof own === "string") return own;
  return typeof config.code === "string" && config.code ? config.code : starterCode[language];
}

/** New code for the chosen language, kept in its slot (the other language's code stays for switching back). */
export const setCode = (config: NodeConfig, code: string): NodeConfig => ({ [slot(languageOf(config))]: code });

export const setLanguage = (config: NodeConfig, codeLanguage: CodeLanguage): NodeConfig => {
  const target = slot(codeLanguage);
  return typeof config[target] === "string" ? { codeLanguage } : { codeLanguage, [target]: starterCode[codeLanguage] };
};

export function validateCode(config: NodeConfig): string[] {
  return codeOf(config).trim() ? [] : ["请填写代码"];
}

/** A node that has never had code (just added): it gets the starter and the starter's `input` and `output`. */
export const isNewCode = (config: NodeConfig) =>
  typeof config.codeJavaScript !== "string" && typeof config.codePython !== "string" && !config.code;

export function starterConfig(config: NodeConfig): NodeConfig {
  const language = languageOf(config);
  const has = (key: string) => Array.isArray(config[key]) && (config[key] as unknown[]).length > 0;
  return {
    codeLanguage: language,
    [slot(language)]: starterCode[language],
    ...(has("inputArgs") ? {} : { inputArgs: [{ name: "input", dataType: "String", bindValueType: "Reference" }] }),
    ...(has("outputArgs") ? {} : { outputArgs: [{ name: "output", dataType: "String" }] }),
  };
}
