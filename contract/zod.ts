import { z } from "zod";

/**
 * Chinese validation messages everywhere — on the server and in the browser's forms alike, so a rule refused in
 * either place reads the same. A missing field reads "不能为空" rather than a type error.
 */
export function configureZod() {
  const zh = z.locales.zhCN().localeError;
  z.config({
    customError: (issue) => {
      if (issue.code === "invalid_type" && issue.input === undefined) return "不能为空";
      return undefined;
    },
    localeError: zh,
  });
}
configureZod();

export { z };

/**
 * Route and body ids: positive integers, also accepted as numeric strings (route params, older clients).
 * Only numbers and numeric strings: `true`, `[5]` or `""` are refused rather than coerced to an id.
 */
export const id = () =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? "不能为空" : "必须是数字") })
      .int("必须是整数")
      .positive("必须是正整数")
      .max(2_147_483_647, "超出范围"),
  );

/** Trimmed text with a Chinese length message. */
export const shortText = (max: number) => z.string().trim().max(max, `最多 ${max} 个字符`);

/** The original contract's 0/1 switches (decision 0004: they exist on the wire only). */
export const flag01 = z.union([z.literal(0), z.literal(1)], { error: "必须是 0 或 1" });
