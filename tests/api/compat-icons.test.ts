import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultIcon, iconFiles, withoutDefaultIcons } from "#contract/icons";
import { addAgent, ok, refused, type Team, team } from "../support/agents";
import { chat, newConversation } from "../support/chat";
import { newPlugin, publishPlugin, saveHttp } from "../support/plugins";
import { publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";
import { newWorkflow } from "../support/workflows";
import { newKb, upload } from "./knowledge-support";
import { newTable } from "./table-support";

/**
 * Issue 18 item 9: the original client puts every icon and avatar it gets into an <img>, so each one we answer must
 * be an address this server serves. Things without their own picture carry their kind's default.
 */
let s: TestServer;
let t: Team;
let agentId: number;
/** A picture somebody uploaded (the original client's icon upload stores the URL the upload answers). */
let chosen: string;
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  chosen = (await upload(s, t.member.token, "icon.png", PNG)).url;
  agentId = await addAgent(s, t.member.token, t.spaceId, { name: "无图标助手" });
  const pictured = await addAgent(s, t.member.token, t.spaceId, { name: "有图标助手", icon: chosen });
  await publishToSquare(s, t.member.token, t.sysAdmin, pictured);
  await publishToSquare(s, t.member.token, t.sysAdmin, agentId);
  ok(await s.call(`/api/user/agent/collect/${agentId}`, { token: t.member.token, body: {} }));
  const pluginId = await newPlugin(s, t.member.token, t.spaceId);
  ok(await saveHttp(s, t.member.token, pluginId, { url: "https://api.example.com/weather" }));
  ok(await publishPlugin(s, t.member.token, pluginId, [{ scope: "Tenant" }]));
  await newWorkflow(s, t.member.token, t.spaceId);
  await newKb(s, t.member.token, t.spaceId);
  await newTable(s, t.member.token, t.spaceId);
  ok(
    await s.call("/api/agent/component/add", {
      token: t.member.token,
      body: { agentId, type: "Plugin", targetId: pluginId },
    }),
  );
  const conversation = await newConversation(s, t.member.token, agentId);
  await chat(s, t.member.token, conversation.id, "你好");
});
afterAll(async () => {
  await s?.close();
});

/** Every icon and avatar in an answer, wherever it sits. */
function picturesIn(value: unknown, found: { key: string; url: unknown }[] = []) {
  if (Array.isArray(value)) for (const v of value) picturesIn(v, found);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "icon" || key === "avatar") found.push({ key, url: v });
      else picturesIn(v, found);
    }
  }
  return found;
}

describe("icons and avatars in the lists the original client renders", () => {
  it("are all non-empty addresses this server answers with an image", async () => {
    const m = t.member.token;
    const answers = {
      agents: await s.call(`/api/agent/list/${t.spaceId}`, { token: m }),
      components: await s.call(`/api/agent/component/list/${agentId}`, { token: m }),
      library: await s.call(`/api/component/list/${t.spaceId}`, { token: m }),
      spaces: await s.call("/api/space/list", { token: m }),
      members: await s.call("/api/space/user/list", { token: m, body: { spaceId: t.spaceId } }),
      square: await s.call("/api/published/agent/list", { token: m, body: { page: 1, pageSize: 50 } }),
      plugins: await s.call("/api/published/plugin/list", { token: m, body: { page: 1, pageSize: 50 } }),
      home: await s.call("/api/home/list", { token: m }),
      edited: await s.call("/api/user/agent/edit/list/8", { token: m }),
      conversations: await s.call("/api/agent/conversation/list", { token: m, body: { agentId: null } }),
      knowledge: await s.call("/api/knowledge/config/list", {
        token: m,
        body: { queryFilter: { spaceId: t.spaceId } },
      }),
      tables: await s.call("/api/compose/db/table/list", { token: m, body: { queryFilter: { spaceId: t.spaceId } } }),
      models: await s.call("/api/model/list", { token: m, body: { spaceId: t.spaceId } }),
      me: await s.call("/api/user/getLoginInfo", { token: m }),
      audit: await s.call("/api/system/publish/apply/list", {
        token: t.sysAdmin,
        body: { pageNo: 1, pageSize: 50, queryFilter: {} },
      }),
    };
    const urls = new Set<string>();
    for (const [name, answer] of Object.entries(answers)) {
      const pictures = picturesIn(ok(answer));
      expect(pictures.length, `${name} has no pictures`).toBeGreaterThan(0);
      for (const { key, url } of pictures) {
        expect(typeof url === "string" && /^\/(?!\/)/.test(url), `${name}.${key} = ${JSON.stringify(url)}`).toBe(true);
        urls.add(url as string);
      }
    }
    // Each kind's own default shows up, and a chosen icon stays the chosen file (its link signed afresh).
    for (const kind of ["Agent", "Plugin", "Workflow", "Knowledge", "Table", "Model", "Space", "User"] as const) {
      expect(urls, kind).toContain(defaultIcon(kind));
    }
    const square = ok(answers.square).records as { name: string; icon: string }[];
    expect(square.find((r) => r.name === "有图标助手")?.icon.split("?")[0]).toBe(chosen.split("?")[0]);
    for (const url of urls) {
      const res = await fetch(s.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("content-type"), url).toMatch(/^image\//);
      expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(60);
    }
  });

  it("serves every default as SVG to anyone, and nothing else under /api/icons", async () => {
    for (const file of iconFiles) {
      const res = await fetch(`${s.url}/api/icons/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(await res.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    refused(await s.call("/api/icons/none.svg"), "4000", "file");
    refused(await s.call("/api/icons/..%2F..%2Fpackage.json"), "4000", "file");
  });

  it("read back as no picture by our own web, which draws a name tile instead", () => {
    const answer = { icon: defaultIcon("Agent"), creator: { avatar: defaultIcon("User") }, list: [{ icon: chosen }] };
    expect(JSON.parse(withoutDefaultIcons(JSON.stringify(answer)))).toEqual({
      icon: "",
      creator: { avatar: "" },
      list: [{ icon: chosen }],
    });
    // Only the icon and avatar fields: the same text elsewhere is somebody's content.
    expect(JSON.parse(withoutDefaultIcons(JSON.stringify({ text: defaultIcon("Agent") })))).toEqual({
      text: defaultIcon("Agent"),
    });
  });
});
