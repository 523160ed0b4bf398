import { createHmac } from "node:crypto";
import type { AppLoadContext } from "react-router";
import "#app/lib/context";
import type { Config } from "./config";

/**
 * The load context every React Router loader and action receives. The cookie secret is derived from
 * SECRET_KEY (never the key itself), so instances sharing a key accept each other's toast cookies.
 */
export function webLoadContext(config: Pick<Config, "SECRET_KEY">) {
  const cookieSecret = createHmac("sha256", config.SECRET_KEY).update("web-cookies").digest("hex");
  // The request URL already shows https when the browser used it (server/http.ts rebuilds it behind TRUST_PROXY).
  return (request: Request, apiFetch: AppLoadContext["apiFetch"]): AppLoadContext => ({
    apiFetch,
    cookieSecret,
    secureCookies: new URL(request.url).protocol === "https:",
  });
}
