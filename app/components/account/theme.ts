/** The colour scheme a user picked in 设置 → 主题; `system` follows the device (prefers-color-scheme). */
export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];
export const themeLabels: Record<Theme, string> = { light: "浅色", dark: "深色", system: "跟随系统" };

export const isTheme = (value: unknown): value is Theme => themes.includes(value as Theme);

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The `theme` cookie holds the bare value (`theme=dark`), which app/root.tsx reads: plain and readable by
 * scripts, as it only picks colours and nothing trusts it; a year long, so it outlives sessions and themes the
 * login page too.
 */
export function themeCookie(request: Request, theme: Theme) {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `theme=${theme}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}
