import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce (app/entry.server.tsx): React Router's inline scripts carry it so the page CSP
 * can refuse every other inline script. Empty in the browser, where those scripts have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
