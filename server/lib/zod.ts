import { z } from "zod";

/** Chinese validation messages everywhere; a missing field reads "不能为空" rather than a type error. */
export function configureZod() {
  z.config(z.locales.zhCN());
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
