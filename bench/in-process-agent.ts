import type { startFakeOpenAI } from "#tests/fixtures/fake-openai";
import { ADMIN_PASSWORD, type TestServer } from "#tests/support/server";

/** An API call of the in-process benches: the answer's data, or a thrown error naming the path and code. */
function apiOf(server: TestServer) {
  return async (path: string, token: string | null, body?: unknown) => {
    const res = await server.call(path, { token, ...(body === undefined ? {} : { body }) });
    if (res.code !== "0000") throw new Error(`${path}: ${res.code} ${res.message}`);
    return res.data;
  };
}

/**
 * The in-process chat benches' set-up (chat-steps.ts, lone-path.ts): the admin signed in, and an agent in their first
 * space bound to a model on the fake model server that does not call functions.
 */
export async function benchAgent(server: TestServer, fake: Awaited<ReturnType<typeof startFakeOpenAI>>) {
  const api = apiOf(server);
  const token = await server.login("admin", ADMIN_PASSWORD);
  const spaceId = (await api("/api/space/list", token))[0].id;
  const modelId = await api("/api/system/model/save", token, {
    name: "bench",
    model: "fake-bench",
    baseUrl: fake.url,
    apiKey: fake.apiKey,
    functionCall: "Unsupported",
  });
  const agentId = await api("/api/agent/add", token, { spaceId, name: "bench" });
  const agent = await api(`/api/agent/${agentId}`, token);
  await api("/api/agent/component/model/update", token, {
    id: agent.modelComponentConfig.id,
    targetId: modelId,
    bindConfig: {},
  });
  return { api, token, agentId: agentId as number };
}
