/** What server/main.ts hands every loader and action. */
declare module "react-router" {
  interface AppLoadContext {
    /** The in-process /api client (no network hop). */
    apiFetch: (request: Request) => Promise<Response>;
    /** Signs the web layer's own cookies (the toast); derived from SECRET_KEY, so every instance agrees. */
    cookieSecret: string;
    /** The browser reached us over https (directly, or via X-Forwarded-Proto with TRUST_PROXY): cookies get Secure. */
    secureCookies: boolean;
  }
}

export {};
