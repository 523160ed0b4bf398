/**
 * The server's image proxy (the `file.image` endpoint), kept apart from the endpoint's zod schemas so the
 * browser can build its URLs without zod: the page's CSP loads images only from this site, so outside
 * pictures come through here.
 */
export const IMAGE_PROXY_PATH = "/api/file/image";

/** The proxy URL of an outside http(s) image, as `urlOf(file.image, { query: { url } })` writes it. */
export const imageProxyUrl = (url: string) => `${IMAGE_PROXY_PATH}?${new URLSearchParams({ url })}`;
