import type { UserDto } from "#contract/api/auth-dto";

/** How a person is named in the UI: the nick name when set, else the user name. */
export const displayName = (user: Pick<UserDto, "nickName" | "userName">) => user.nickName || user.userName;

const dateFormat = new Intl.DateTimeFormat("zh-CN", { year: "numeric", month: "2-digit", day: "2-digit" });

/** 2026/01/31 — server and browser may sit in different time zones, so callers mark it suppressHydrationWarning. */
export function formatDate(iso: string) {
  return dateFormat.format(new Date(iso));
}

const timeFormat = new Intl.DateTimeFormat("zh-CN", { hour: "2-digit", minute: "2-digit", hour12: false });
const dateTimeFormat = new Intl.DateTimeFormat("zh-CN", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** 2026/01/31 14:20 — callers mark it suppressHydrationWarning (time zones, as formatDate). */
export function formatDateTime(iso: string) {
  return dateTimeFormat.format(new Date(iso));
}

const DAY = 86_400_000;

/** UI.md's relative form: 刚刚, 3 分钟前, 2 小时前, 昨天 14:20, 3 天前; absolute beyond a week. */
export function formatRelative(iso: string, now = Date.now()) {
  const then = new Date(iso);
  const diff = now - then.getTime();
  if (diff < 60_000) return "刚刚";
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)} 分钟前`;
  const startOfToday = new Date(now).setHours(0, 0, 0, 0);
  if (then.getTime() >= startOfToday) return `${Math.floor(diff / 3_600_000)} 小时前`;
  if (then.getTime() >= startOfToday - DAY) return `昨天 ${timeFormat.format(then)}`;
  if (diff < 7 * DAY) return `${Math.ceil((startOfToday - then.getTime()) / DAY)} 天前`;
  return formatDateTime(iso);
}
