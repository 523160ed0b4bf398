import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import type { Arg } from "#contract/args";
import { boundArgs, callValues, inputSchemaOf, toolNameOf } from "./plugin-schema";
import { cardDataOf, pluginTool } from "./plugin-tool";
import type { ComponentSnapshot, ToolBuildContext } from "./tools";

const declared: Arg[] = [
  { name: "city", dataType: "String", require: true, description: "城市" },
  { name: "token", dataType: "String", require: true },
  { name: "days", dataType: "Integer", require: true, bindValue: 3 },
  { name: "who", dataType: "String" },
  {
    name: "filter",
    dataType: "Object",
    subArgs: [
      { name: "min", dataType: "Number", require: true },
      { name: "secret", dataType: "String", enable: false },
    ],
  },
  {
    name: "tags",
    dataType: "Array_Object",
    subArgs: [{ name: "[Array_Item]", dataType: "Object", subArgs: [{ name: "n", dataType: "Boolean" }] }],
  },
  { name: "photo", dataType: "File_Image" },
];
const bindings: Arg[] = [
  { name: "token", dataType: "String", enable: false, bindValue: "k-1" },
  { name: "who", dataType: "String", bindValueType: "Reference", bindValue: "nickname" },
  { name: "gone", dataType: "String", bindValue: "x" },
];

describe("a plugin's args as the agent binds them", () => {
  const args = boundArgs(declared, bindings);

  it("overlays the component's bindings by name and drops bindings of args the plugin no longer has", () => {
    expect(args.map((a) => a.name)).toEqual(["city", "token", "days", "who", "filter", "tags", "photo"]);
    expect(args[1]).toMatchObject({ enable: false, bindValue: "k-1", bindValueType: "Input" });
    expect(args[3]).toMatchObject({ bindValueType: "Reference", bindValue: "nickname" });
  });

  it("offers the model only enabled args, nested, and requires only what no binding fills", () => {
    expect(inputSchemaOf(args)).toEqual({
      type: "object",
      properties: {
        city: { type: "string", description: "城市" },
        days: { type: "integer" },
        who: { type: "string" },
        filter: { type: "object", properties: { min: { type: "number" } }, required: ["min"] },
        tags: {
          type: "array",
          items: { type: "object", properties: { n: { type: "boolean" } } },
        },
        photo: { type: "string", description: "photo（文件的 URL，类型 File_Image）" },
      },
      required: ["city"],
    });
  });

  it("takes the model's values for shown args, variables for references, and never the model's for hidden ones", () => {
    const values = callValues(args, { city: "上海", token: "来自模型", days: 5 }, { nickname: "小王" });
    expect(values).toEqual({ city: "上海", days: 5, who: "小王" });
  });

  it("names the tool after the plugin when that is a function name, else plugin<id>", () => {
    expect(toolNameOf("Get Weather", 7)).toBe("get_weather");
    expect(toolNameOf("天气查询", 7)).toBe("plugin7");
  });
});

describe("cards from a plugin's result", () => {
  const base = {
    cardKey: "template-1" as const,
    maxCardCount: 2,
    cardArgsBindConfigs: [{ key: "title", bindValue: "name" }],
  };

  it("LIST: one card per item at bindArray, empty ones dropped, at most maxCardCount", () => {
    const card = { ...base, bindCardStyle: "LIST" as const, bindArray: "data.items", bindLinkUrl: "url" };
    const data = { items: [{ name: "甲", url: "https://a" }, { other: 1 }, { name: "乙" }, { name: "丙" }] };
    expect(cardDataOf(card, data)).toEqual([{ title: "甲", bindLinkUrl: "https://a" }, { title: "乙" }]);
    expect(cardDataOf(card, { items: "not a list" })).toBeNull();
  });

  it("SINGLE: one card from the result; null when nothing fills it", () => {
    const card = {
      ...base,
      bindCardStyle: "SINGLE" as const,
      cardArgsBindConfigs: [{ key: "title", bindValue: "data.user.name" }],
    };
    expect(cardDataOf(card, { user: { name: "张三" } })).toEqual({ title: "张三" });
    expect(cardDataOf(card, { user: {} })).toBeNull();
  });
});

describe("a plugin tool's result", () => {
  it("reaches the model cut to 20 000 characters, saying so", async () => {
    const server = createServer((_req, res) => res.end(JSON.stringify({ text: "字".repeat(30_000) })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const component = { id: 1, type: "Plugin", targetId: 9, name: "长结果", bindConfig: {} } as ComponentSnapshot;
    const plugin = {
      ...{ id: 9, name: "长结果", description: "", icon: "", type: "HTTP" as const, codeLang: null },
      config: { method: "GET" as const, url, contentType: "JSON" as const, timeout: 5, inputArgs: [], outputArgs: [] },
    };
    const ctx = { deps: { config: { EGRESS_ALLOW: "127.0.0.1" } } } as unknown as ToolBuildContext;
    const tool = pluginTool(component, plugin, ctx);
    const result = await tool.execute({}, { variables: {}, setVariable: async () => {} });
    server.closeAllConnections();
    server.close();
    expect(typeof result).toBe("string");
    expect((result as string).length).toBeLessThan(20_100);
    expect(result).toMatch(/…（结果过长，已截断，共 \d+ 个字符）$/);
  });
});
