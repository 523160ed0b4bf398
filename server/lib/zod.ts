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

/** Route and body ids: positive integers, also accepted as numeric strings. */
export const id = () =>
  z.coerce.number({ error: "必须是数字" }).int("必须是整数").positive("必须是正整数").max(2_147_483_647);
