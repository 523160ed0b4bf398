import type { Page } from "@playwright/test";
import { call, createAgent } from "./chat-support";

/** An agent and a published HTTP plugin (GET <greetUrl>/greet/1?name=…) it can run; the caller is signed in. */
export async function agentWithPlugin(page: Page, greetUrl: string) {
  const { agentId, spaceId } = await createAgent(page, "template-1");
  const pluginName = `问候${Date.now().toString(36)}`;
  const pluginId = await call<number>(page, "/api/plugin/add", { spaceId, name: pluginName, type: "HTTP" });
  await call(page, "/api/plugin/http/update", {
    id: pluginId,
    config: {
      method: "GET",
      url: `${greetUrl}/greet/1`,
      inputArgs: [{ name: "name", dataType: "String", require: true, inputType: "Query" }],
      outputArgs: [{ name: "greeting", dataType: "String" }],
    },
  });
  await call(page, "/api/publish/apply", {
    targetType: "Plugin",
    targetId: pluginId,
    category: "Efficiency",
    items: [{ scope: "Space" }],
  });
  return { agentId, spaceId, pluginId, pluginName };
}
