import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, componentRows, ok, type Team, team } from "../support/agents";
import {
  addFakeModel,
  bindModel,
  chat,
  eventually,
  expectWellFormed,
  finalOf,
  messageRows,
  newConversation,
  streamed,
} from "../support/chat";
import { newPlugin, publishPlugin, saveHttp } from "../support/plugins";
import { startServer, type TestServer } from "../support/server";
import type { ChatEvent } from "../support/sse";

/** Issue 10 item 5: plugins bound to an agent are the model's tools, called in chat with visible steps. */

let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let service: Server;
let base: string;
let modelId: number;
const calls: { url: string; headers: IncomingMessage["headers"] }[] = [];

beforeAll(async () => {
  service = createServer((req, res) => {
    calls.push({ url: req.url ?? "", headers: req.headers });
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/slow") return; // never answers: the plugin's timeout must end the call
    const temp = url.pathname === "/weather-v2" ? 30 : 21;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        city: url.searchParams.get("city"),
        temp,
        forecast: [
          { day: "周一", text: "晴", link: "https://example.com/1" },
          { day: "周二", text: "雨" },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI({ toolArgs: { city: "上海", a: 2, b: 3 } })]);
  t = await team(s);
  modelId = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-plugins");
});
afterAll(async () => {
  await s.close();
  await fake.close();
  service.closeAllConnections();
  await new Promise((r) => service.close(r));
});

const weatherConfig = (path: string, timeout = 10) => ({
  method: "GET",
  url: `${base}${path}`,
  timeout,
  inputArgs: [
    { name: "city", dataType: "String", require: true, inputType: "Query", description: "城市" },
    { name: "apiKey", dataType: "String", inputType: "Header" },
  ],
  outputArgs: [
    { name: "city", dataType: "String" },
    { name: "temp", dataType: "Integer" },
    {
      name: "forecast",
      dataType: "Array_Object",
      subArgs: [
        {
          name: "[Array_Item]",
          dataType: "Object",
          subArgs: [
            { name: "day", dataType: "String" },
            { name: "text", dataType: "String" },
            { name: "link", dataType: "String" },
          ],
        },
      ],
    },
  ],
});

/** An HTTP plugin published to the space (plugins reach agents only once published). */
async function publishedHttp(name: string, path: string, timeout = 10) {
  const id = await newPlugin(s, t.member.token, t.spaceId, { name, description: `${name}的说明` });
  ok(await saveHttp(s, t.member.token, id, weatherConfig(path, timeout)));
  ok(await publishPlugin(s, t.member.token, id, [{ scope: "Space" }]));
  return id;
}

async function publishedCode() {
  const id = await newPlugin(s, t.member.token, t.spaceId, { name: "加法", type: "CODE", codeLang: "JavaScript" });
  const config = {
    code: "export default async function main(args) {\n  return { sum: args.a + args.b };\n}\n",
    inputArgs: [
      { name: "a", dataType: "Integer", require: true },
      { name: "b", dataType: "Integer", require: true },
    ],
    outputArgs: [{ name: "sum", dataType: "Integer" }],
  };
  ok(await s.call("/api/plugin/code/update", { token: t.member.token, body: { id, config } }));
  ok(await publishPlugin(s, t.member.token, id, [{ scope: "Space" }]));
  return id;
}

async function agentWith(plugins: { id: number; bindConfig?: Record<string, unknown> }[]) {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name: "插件助手" });
  await bindModel(s, t.member.token, agentId, modelId);
  for (const p of plugins) {
    const body = { agentId, type: "Plugin", targetId: p.id, bindConfig: p.bindConfig ?? {} };
    ok(await s.call("/api/agent/component/add", { token: t.member.token, body }));
  }
  return agentId;
}

const steps = (events: ChatEvent[]) => events.filter((e) => e.eventType === "PROCESSING").map((e) => e.data);
const lastCompletion = () => fake.requests.filter((r) => r.path.endsWith("/chat/completions")).at(-1)!.body;
const hidden = { inputArgBindConfigs: [{ name: "apiKey", dataType: "String", enable: false, bindValue: "k-123" }] };

describe("plugins as agent tools", () => {
  it("calls an HTTP plugin and a code plugin and answers with their results, showing each step", async () => {
    const weather = await publishedHttp("天气查询", "/weather");
    const sum = await publishedCode();
    const card = {
      cardKey: "template-1",
      bindCardStyle: "LIST",
      bindArray: "forecast",
      cardArgsBindConfigs: [
        { key: "title", bindValue: "day" },
        { key: "content", bindValue: "text" },
      ],
      bindLinkUrl: "link",
    };
    const agentId = await agentWith([{ id: weather, bindConfig: { ...hidden, cardBindConfig: card } }, { id: sum }]);
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "上海天气如何？再算 2+3");
    expectWellFormed(events);

    // The model saw both tools, with their descriptions; the hidden, fixed header is not offered to it.
    const offered = lastCompletion().tools.map((x: any) => x.function);
    expect(offered.map((f: any) => [f.name, f.description])).toEqual([
      [`plugin${weather}`, "天气查询的说明"],
      [`plugin${sum}`, "加法"],
    ]);
    expect(offered[0].parameters).toMatchObject({
      properties: { city: { type: "string", description: "城市" } },
      required: ["city"],
    });
    expect(Object.keys(offered[0].parameters.properties)).toEqual(["city"]);
    expect(calls.at(-1)).toMatchObject({
      url: `/weather?city=${encodeURIComponent("上海")}`,
      headers: { apikey: "k-123" },
    });

    const all = steps(events);
    expect(all.map((p) => [p.type, p.name, p.status])).toEqual([
      ["Plugin", "天气查询", "EXECUTING"],
      ["Plugin", "天气查询", "FINISHED"],
      ["Plugin", "加法", "EXECUTING"],
      ["Plugin", "加法", "FINISHED"],
    ]);
    const [, weatherDone, , sumDone] = all;
    expect(weatherDone).toMatchObject({
      targetId: weather,
      result: { success: true, input: { city: "上海" }, data: { city: "上海", temp: 21 } },
      cardBindConfig: { cardKey: "template-1", bindCardStyle: "LIST" },
      cardData: [
        { title: "周一", content: "晴", bindLinkUrl: "https://example.com/1" },
        { title: "周二", content: "雨" },
      ],
    });
    expect(sumDone).toMatchObject({ result: { success: true, input: { a: 2, b: 3 }, data: { sum: 5 } } });
    expect(sumDone!.cardData).toBeUndefined();

    const answer = streamed(events);
    expect(answer).toContain('"temp":21');
    expect(answer).toContain('{"sum":5}');
    expect(finalOf(events)!.data).toMatchObject({
      success: true,
      componentExecuteResults: [{ id: weather }, { id: sum }],
    });
  });

  it("runs the published plugin in chat and the draft in the editor's debug chat", async () => {
    const weather = await publishedHttp("天气草稿", "/weather");
    const agentId = await agentWith([{ id: weather, bindConfig: hidden }]);
    ok(await saveHttp(s, t.member.token, weather, weatherConfig("/weather-v2")));
    const published = await chat(s, t.member.token, (await newConversation(s, t.member.token, agentId)).id, "天气");
    expect(steps(published.events).at(-1)!.result.data).toMatchObject({ temp: 21 });
    const debugConv = await newConversation(s, t.member.token, agentId, { devMode: true });
    const debug = await chat(s, t.member.token, debugConv.id, "天气");
    expect(steps(debug.events).at(-1)!.result.data).toMatchObject({ temp: 30 });
  });

  it("offers a MANUAL_ON_DEMAND plugin only when the user selected it", async () => {
    const weather = await publishedHttp("手动天气", "/weather");
    const agentId = await agentWith([{ id: weather, bindConfig: { ...hidden, invokeType: "MANUAL_ON_DEMAND" } }]);
    const conv = await newConversation(s, t.member.token, agentId);
    const plain = await chat(s, t.member.token, conv.id, "天气");
    expect(steps(plain.events)).toEqual([]);
    expect(lastCompletion().tools).toBeUndefined();
    const component = (await componentRows(s, agentId)).find((c) => c.type === "Plugin")!;
    const chosen = await chat(s, t.member.token, conv.id, "天气", {
      selectedComponents: [{ id: component.id, type: "Plugin" }],
    });
    expect(steps(chosen.events).map((p) => p.status)).toEqual(["EXECUTING", "FINISHED"]);
  });

  it("runs AUTO plugins before the model, their arguments read from the message by the model", async () => {
    const weather = await publishedHttp("自动天气", "/weather");
    const sum = await publishedCode();
    const auto = { invokeType: "AUTO" };
    const agentId = await agentWith([
      { id: weather, bindConfig: { ...hidden, ...auto } },
      { id: sum, bindConfig: auto },
    ]);
    const before = fake.requests.length;
    const { events } = await chat(
      s,
      t.member.token,
      (await newConversation(s, t.member.token, agentId)).id,
      "上海天气，再算 2+3",
    );
    expectWellFormed(events);
    const extractions = fake.requests.slice(before).filter((r) => r.body.stream !== true);
    expect(extractions).toHaveLength(2);
    expect(extractions[0]!.body.messages.at(-1)).toEqual({ role: "user", content: "上海天气，再算 2+3" });
    expect(calls.at(-1)!.url).toBe(`/weather?city=${encodeURIComponent("上海")}`);
    expect(
      steps(events)
        .filter((p) => p.status === "FINISHED")
        .map((p) => p.result.data),
    ).toEqual([{ city: "上海", temp: 21, forecast: expect.any(Array) }, { sum: 5 }]);
    const sent = lastCompletion();
    expect(sent.tools).toBeUndefined();
    expect(sent.messages[0]).toMatchObject({ role: "system", content: expect.stringContaining('"temp":21') });
    expect(sent.messages[0].content).toContain('{"sum":5}');
  });

  it("answers at once for an async plugin and adds its result to the conversation when it is done", async () => {
    const weather = await publishedHttp("异步天气", "/weather");
    const bindConfig = { ...hidden, async: 1, asyncReplyContent: "正在查询，请稍候" };
    const agentId = await agentWith([{ id: weather, bindConfig }]);
    const conv = await newConversation(s, t.member.token, agentId);
    const { events } = await chat(s, t.member.token, conv.id, "天气");
    expect(steps(events).at(-1)!.result.data).toBe("插件已开始异步执行，请用这句话回复用户：正在查询，请稍候");
    expect(streamed(events)).toContain("正在查询，请稍候");
    const report = await eventually(async () =>
      (await messageRows(s, conv.id)).find((m) => m.role === "ASSISTANT" && m.text.includes("已运行完成")),
    );
    expect(report.text).toContain('"temp": 21');
  });

  it("gives the model the component's fallback text instead of the error when one is set", async () => {
    const slow = await publishedHttp("备用接口", "/slow", 1);
    const agentId = await agentWith([{ id: slow, bindConfig: hidden }]);
    const component = (await componentRows(s, agentId)).find((c) => c.type === "Plugin")!;
    const body = { id: component.id, bindConfig: {}, fallbackMsg: "天气服务暂时不可用" };
    ok(await s.call("/api/agent/component/plugin/update", { token: t.member.token, body }));
    const { events } = await chat(s, t.member.token, (await newConversation(s, t.member.token, agentId)).id, "试试");
    expect(steps(events).at(-1)!.result.error).toBe("插件执行超时（超过 1 秒）");
    expect(streamed(events)).toBe("结果：天气服务暂时不可用");
  });

  it("shows a timed-out or refused plugin as a Chinese error step, tells the model, and still finishes", async () => {
    const slow = await publishedHttp("慢接口", "/slow", 1);
    const agentId = await agentWith([{ id: slow, bindConfig: hidden }]);
    const { events } = await chat(s, t.member.token, (await newConversation(s, t.member.token, agentId)).id, "试试");
    expectWellFormed(events);
    const failed = steps(events).at(-1)!;
    expect(failed).toMatchObject({ status: "FAILED", result: { success: false, error: "插件执行超时（超过 1 秒）" } });
    const told = lastCompletion().messages.find((m: any) => m.role === "tool");
    expect(JSON.stringify(told.content)).toContain("插件执行超时（超过 1 秒）");
    expect(finalOf(events)!.data.success).toBe(true);
    expect(streamed(events)).toContain("插件执行超时");

    const metadata = await newPlugin(s, t.member.token, t.spaceId, { name: "元数据" });
    ok(await saveHttp(s, t.member.token, metadata, { url: "http://169.254.169.254/latest/meta-data", inputArgs: [] }));
    ok(await publishPlugin(s, t.member.token, metadata, [{ scope: "Space" }]));
    const other = await agentWith([{ id: metadata }]);
    const refused = await chat(s, t.member.token, (await newConversation(s, t.member.token, other)).id, "试试");
    expect(steps(refused.events).at(-1)!.result.error).toContain("不允许访问内网地址");
    expect(finalOf(refused.events)!.data.success).toBe(true);
  });

  it("ends the answer with the plugin's error when the component says a failure is fatal", async () => {
    const slow = await publishedHttp("关键接口", "/slow", 1);
    const agentId = await agentWith([{ id: slow, bindConfig: hidden }]);
    const component = (await componentRows(s, agentId)).find((c) => c.type === "Plugin")!;
    ok(
      await s.call("/api/agent/component/plugin/update", {
        token: t.member.token,
        body: { id: component.id, bindConfig: {}, exceptionOut: 1 },
      }),
    );
    const { events } = await chat(s, t.member.token, (await newConversation(s, t.member.token, agentId)).id, "试试");
    expectWellFormed(events);
    expect(finalOf(events)!.data).toMatchObject({ success: false, error: expect.stringContaining("插件执行超时") });
  });
});
