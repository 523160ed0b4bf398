/** What server/main.ts hands every loader and action: the in-process /api client (no network hop). */
declare module "react-router" {
  interface AppLoadContext {
    apiFetch: (request: Request) => Promise<Response>;
  }
}

export {};
