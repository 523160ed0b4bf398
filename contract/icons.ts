import { componentTypes } from "./enums";

/**
 * Default pictures for things without an icon of their own. The original web client puts every icon it is given
 * into an <img> (some with no fallback), so an empty icon is a broken image there: answers carry the kind's default
 * instead, served under /api (contract/api/icons.ts) so it also loads when only /api reaches this server (the
 * original client served from elsewhere). Our own web reads them back as "" (app/lib/api.server.ts), so its forms stay
 * empty and its pages draw a name tile as before.
 */
export const iconKinds = [...componentTypes, "Space", "User"] as const;
export type IconKind = (typeof iconKinds)[number];

const ICON_BASE = "/api/icons/";
export const iconFiles = iconKinds.map((kind) => `${kind.toLowerCase()}.svg`);

export const defaultIcon = (kind: IconKind) => `${ICON_BASE}${kind.toLowerCase()}.svg`;

/**
 * How the server answers a stored icon: it signs links to its own uploads afresh, as those expire
 * (server/modules/file/icon-links.ts). The web client has none to set, so icons stay as given.
 */
let refreshLink: (icon: string) => string = (icon) => icon;
export const setIconLinkRefresher = (refresh: (icon: string) => string) => {
  refreshLink = refresh;
};

/** The stored icon (its link refreshed when it is one of ours), or the kind's default when none is set. */
export const iconOr = (kind: IconKind, icon: string | null | undefined) =>
  icon?.trim() ? refreshLink(icon) : defaultIcon(kind);

/**
 * A stored picture link as answered where no default belongs — the tenant's logo and banners, an exported file
 * that is imported again: refreshed like iconOr's, and "" (none set) stays "".
 */
export const freshLink = (link: string) => (link.trim() ? refreshLink(link) : link);

/**
 * A stored snapshot (history entries, publish applications) as answered: every icon and avatar in it through
 * freshLink, at any depth. The snapshot itself is left as stored.
 */
export const freshIcons = <T>(snapshot: T): T =>
  JSON.parse(JSON.stringify(snapshot), (key: string, value: unknown) =>
    (key === "icon" || key === "avatar") && typeof value === "string" ? freshLink(value) : value,
  ) as T;

/**
 * An `"icon"` or `"avatar"` member holding a default picture, in the compact JSON the API answers: a member name
 * follows `{` or `,` there, and inside a string every `"` is escaped, so this matches members only.
 */
const DEFAULT_ICON_MEMBER = new RegExp(
  `([{,]"(?:icon|avatar)":)"(?:${iconKinds.map((kind) => defaultIcon(kind).replace(/[.]/g, "\\.")).join("|")})"`,
  "g",
);

/**
 * An answer's JSON text with its default pictures read back as "" (no picture chosen). Done on the text: a
 * JSON.parse reviver visited every value of every answer (a quarter of a millisecond for one page of agents).
 */
export const withoutDefaultIcons = (text: string) => text.replace(DEFAULT_ICON_MEMBER, '$1""');
