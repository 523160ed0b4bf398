// Temporary (not part of the project): runs the agent specs on a private port and build copy.
import base from "./playwright.config";
const PORT = 3300;
export default {
  ...base,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    ...base.webServer,
    command: "cd /tmp/agents-run && node --import tsx /work/main/server/main.ts",
    url: `http://127.0.0.1:${PORT}/readyz`,
    env: { ...(base.webServer as { env: Record<string, string> }).env, PORT: String(PORT) },
  },
};
