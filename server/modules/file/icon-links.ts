import { setIconLinkRefresher } from "#contract/icons";
import { parseDownloadLink, signedByUs, signedUrl } from "./service";

/** Pictures only: an icon field must not keep a document's link alive. */
const IMAGE_KEY = /\.(png|jpe?g|gif|webp)$/;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The secrets of the servers in this process (tests run several; one in production). A link is refreshed with the
 * secret that signed it, so a server never answers links that only another one would accept.
 */
const secrets = new Set<string>();

/**
 * An icon or avatar as answered: the original client stores an upload's signed download link as the icon, and that
 * link expires after a day. A link we signed ourselves (for any expiry) is signed afresh for the same key; anything
 * else — outside URLs, defaults, forged or altered links — is answered as stored. Whoever saved the link held it
 * signed, so could read the file; an icon then shows to everyone who sees its entity, as with any other icon.
 * The expiry is counted from the start of the day, so one day's answers carry the same link (browsers cache it)
 * and it stays valid for 24 to 48 hours.
 */
export function refreshIconLink(icon: string, now = Date.now()) {
  const link = parseDownloadLink(icon);
  if (!link || link.origin === "null" || !IMAGE_KEY.test(link.key)) return icon;
  for (const secret of secrets) {
    if (signedByUs(secret, link.key, link.exp, link.sig)) {
      return link.origin + signedUrl(secret, link.key, Math.floor(now / DAY_MS) * DAY_MS + DAY_MS);
    }
  }
  return icon;
}

/** Makes iconOr (which every DTO uses for icons and avatars) refresh links signed with `secret`. */
export function refreshIconLinksFor(secret: string) {
  secrets.add(secret);
  setIconLinkRefresher(refreshIconLink);
}
