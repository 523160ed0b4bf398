import type { UserDto } from "../../server/modules/auth/service";

/** How a person is named in the UI: the nick name when set, else the user name. */
export const displayName = (user: Pick<UserDto, "nickName" | "userName">) => user.nickName || user.userName;

const dateFormat = new Intl.DateTimeFormat("zh-CN", { year: "numeric", month: "2-digit", day: "2-digit" });

/** 2026/01/31 — server and browser may sit in different time zones, so callers mark it suppressHydrationWarning. */
export function formatDate(iso: string) {
  return dateFormat.format(new Date(iso));
}
