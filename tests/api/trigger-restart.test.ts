import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, killChildServers, startChildServer } from "../support/child-server";
import { ADMIN_PASSWORD } from "../support/server";
import { addTrigger, type Echo, echoPlugin, startEcho, timeTrigger, waitForRuns } from "./trigger-support";

/**
 * A TIME trigger keeps firing after the server is killed and started again on the same data (issue 15: "fires on
 * time, also after a restart"): the schedule lives in the database, the new process's ticker resumes it, and no
 * tick runs twice — the one missed while the server was down runs once, late.
 */

const env = { CRON_MIN_INTERVAL_SECONDS: "1" };
let dataDir: string;
let echo: Echo;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "trigger-restart-"));
  echo = await startEcho();
});
afterAll(async () => {
  await killChildServers();
  await echo?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(server: ChildServer) {
  const { token } = await server.data<{ token: string }>("/api/user/passwordLogin", {
    body: { phoneOrEmail: "admin", password: ADMIN_PASSWORD },
  });
  return token;
}

describe("a TIME trigger across a restart", () => {
  it("fires again in the new process, each tick once", async () => {
    const first = await startChildServer(dataDir, env);
    let token = await signIn(first);
    const spaces = await first.data<{ id: number; type: string }[]>("/api/space/list", { token });
    const spaceId = spaces.find((x) => x.type === "Personal")!.id;
    const pluginId = await echoPlugin(first.server, token, spaceId, echo);
    const agentId = await first.data<number>("/api/agent/add", { token, body: { spaceId, name: "重启后继续" } });
    const { id } = (await addTrigger(first.server, token, agentId, timeTrigger(pluginId))).data;
    await waitForRuns(first.server, token, id, (runs) => runs.length >= 1, 30_000);
    await first.kill();

    const killedAt = Date.now();
    const second = await startChildServer(dataDir, env);
    token = await signIn(second);
    const runs = await waitForRuns(
      second.server,
      token,
      id,
      (list) => list.filter((r) => r.startTime > killedAt).length >= 2,
      30_000,
    );
    const after = runs.filter((r) => r.startTime > killedAt);
    expect(after.every((r) => r.status === "SUCCESS")).toBe(true);
    const ticks = runs.map((r) => r.scheduledTime);
    expect(new Set(ticks).size).toBe(ticks.length);
    await second.data(`/api/agent/component/delete/${id}`, { token, body: {} });
    // Two server starts on a loaded machine.
  }, 180_000);
});
