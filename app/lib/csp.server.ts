/**
 * The page Content-Security-Policy. Scripts: our bundles and React Router's inline hydration scripts
 * (by nonce) only. Images: ours, data: and blob: (previews) — never another host, so a model answer cannot
 * beacon chat text out through an image. Styles allow inline: Radix positions popovers with style
 * attributes and the toast library injects its sheet.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Vite's dev server injects its own inline and eval'd modules (HMR); a nonce would disable 'unsafe-inline'.
    "script-src": dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
