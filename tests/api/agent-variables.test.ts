import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, componentRows, historyRows, ok, refused, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
let agentId: number;
let variableId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  agentId = await addAgent(s, t.member.token, t.spaceId);
  variableId = (await componentRows(s, agentId)).find((c) => c.type === "Variable")!.id;
});
afterAll(() => s.close());

const save = (variables: unknown, token = t.member.token, id = variableId) =>
  s.call("/api/agent/component/variable/update", { token, body: { id, bindConfig: { variables } } });
const stored = async () => (await componentRows(s, agentId)).find((c) => c.type === "Variable")!.bind_config.variables;
const ownVariables = async (token = t.member.token) =>
  ok<any[]>(await s.call(`/api/agent/variable/list/${agentId}`, { token })).filter((v) => !v.systemVariable);

const options = [
  { label: "红", value: "red" },
  { label: "蓝", value: "blue" },
];

describe("POST /api/agent/component/variable/update", () => {
  it("saves typed variables with checked defaults; the variable list shows them after the system ones", async () => {
    const variables = [
      { name: "company", displayName: "公司", dataType: "String", require: true, bindValue: "某公司" },
      { name: "age", dataType: "Integer", inputType: "Number", bindValue: 18 },
      { name: "ratio", dataType: "Number", bindValue: "0.5" },
      { name: "vip", dataType: "Boolean", bindValue: false },
      { name: "profile", dataType: "Object", bindValue: { city: "上海" } },
      { name: "tags", dataType: "Array_String", bindValue: ["a", "b"] },
      { name: "scores", dataType: "Array_Integer", bindValue: [1, 2, 3] },
      { name: "avatar", dataType: "File_Image", bindValue: "https://example.com/a.png" },
      { name: "photos", dataType: "Array_File_Image", bindValue: [] },
      { name: "color", inputType: "Select", selectConfig: { options }, bindValue: "blue" },
      {
        name: "colors",
        dataType: "Array_String",
        inputType: "MultipleSelect",
        selectConfig: { options },
        bindValue: ["red"],
      },
      { name: "note", dataType: "String", inputType: "Paragraph" },
      { name: "_private2" },
    ];
    ok(await save(variables));
    const own = await ownVariables(t.other.token);
    expect(own.map((v) => v.name)).toEqual(variables.map((v) => v.name));
    expect(own[0]).toMatchObject({
      key: "company",
      displayName: "公司",
      require: true,
      enable: true,
      systemVariable: false,
    });
    expect(own[9]).toMatchObject({ inputType: "Select", bindValue: "blue", selectConfig: { options } });
    expect(own[12]).toMatchObject({ dataType: "String", inputType: "Text", require: false });
    const all = ok<any[]>(await s.call(`/api/agent/variable/list/${agentId}`, { token: t.member.token }));
    expect(all.findIndex((v) => !v.systemVariable)).toBe(all.filter((v) => v.systemVariable).length);
    const history = ok(await s.call(`/api/agent/config/history/list/${agentId}`, { token: t.member.token }));
    expect(history[0]).toMatchObject({ type: "EditComponent", opUser: { userId: t.member.id } });

    // Removing and reordering resends the whole list.
    ok(await save([variables[3], variables[0]]));
    expect((await ownVariables()).map((v) => v.name)).toEqual(["vip", "company"]);
  });

  it("refuses duplicate, reserved and malformed names with 4000 naming the variable, changing nothing", async () => {
    ok(await save([{ name: "keep", bindValue: "x" }]));
    const before = await stored();
    const historyBefore = (await historyRows(s, agentId)).length;
    const cases: [unknown[], string][] = [
      [[{ name: "city" }, { name: "city" }], "bindConfig.variables.1.name"],
      [[{ name: "SYS_USER_ID" }], "bindConfig.variables.0.name"],
      [[{ name: "ok" }, { name: "AGENT_ID" }], "bindConfig.variables.1.name"],
      [[{ name: "1abc" }], "bindConfig.variables.0.name"],
      [[{ name: "my-var" }], "bindConfig.variables.0.name"],
      [[{ name: "城市" }], "bindConfig.variables.0.name"],
      [[{ name: "" }], "bindConfig.variables.0.name"],
      [[{ name: "a".repeat(65) }], "bindConfig.variables.0.name"],
      [[{}], "bindConfig.variables.0.name"],
      [[{ name: "x", systemVariable: true }], "bindConfig.variables.0.systemVariable"],
      [[{ name: "x", dataType: "Float" }], "bindConfig.variables.0.dataType"],
      [[{ name: "x", inputType: "Slider" }], "bindConfig.variables.0.inputType"],
      [Array.from({ length: 51 }, (_, i) => ({ name: `v${i}` })), "bindConfig.variables"],
    ];
    for (const [variables, field] of cases) refused(await save(variables), "4000", field);
    refused(await save("not a list"), "4000", "bindConfig.variables");
    expect(await stored()).toEqual(before);
    expect(await historyRows(s, agentId)).toHaveLength(historyBefore);
  });

  it("type-checks defaults per data type, including Array variants, and select defaults against the options", async () => {
    const before = await stored();
    const bad: Record<string, unknown>[] = [
      { dataType: "String", bindValue: 5 },
      { dataType: "Integer", bindValue: "abc" },
      { dataType: "Integer", bindValue: 1.5 },
      { dataType: "Number", bindValue: "many" },
      { dataType: "Boolean", bindValue: "yes" },
      { dataType: "Object", bindValue: [1] },
      { dataType: "Object", bindValue: "text" },
      { dataType: "Array_String", bindValue: "a" },
      { dataType: "Array_String", bindValue: ["a", 1] },
      { dataType: "Array_Integer", bindValue: [1, "b"] },
      { dataType: "Array_Boolean", bindValue: [true, "no"] },
      { dataType: "Array_Object", bindValue: [{ a: 1 }, 2] },
      { dataType: "File_Doc", bindValue: 3 },
      { inputType: "Number", bindValue: "abc" },
      { inputType: "Select", selectConfig: { options }, bindValue: "green" },
      { inputType: "MultipleSelect", dataType: "Array_String", selectConfig: { options }, bindValue: ["red", "green"] },
    ];
    for (const v of bad) refused(await save([{ name: "v", ...v }]), "4000", "bindConfig.variables.0.bindValue");
    refused(
      await save([{ name: "v", inputType: "Select", selectConfig: { options: [] } }]),
      "4000",
      "bindConfig.variables.0.selectConfig.options",
    );
    refused(
      await save([{ name: "v", inputType: "Select", selectConfig: { options: [{ label: "", value: "x" }] } }]),
      "4000",
      "bindConfig.variables.0.selectConfig.options.0.label",
    );
    refused(
      await save([{ name: "v", inputType: "MultipleSelect" }]),
      "4000",
      "bindConfig.variables.0.selectConfig.options",
    );
    expect(await stored()).toEqual(before);
  });

  it("lets any member edit; refuses outsiders (4040), anonymous callers (4010) and the wrong component (0001)", async () => {
    ok(await save([{ name: "from_other" }], t.other.token));
    expect((await ownVariables()).map((v) => v.name)).toEqual(["from_other"]);
    const before = await stored();
    refused(await save([{ name: "hacked" }], t.outsider.token), "4040");
    refused(await save([{ name: "hacked" }], ""), "4010");
    const model = (await componentRows(s, agentId)).find((c) => c.type === "Model")!;
    refused(await save([{ name: "hacked" }], t.member.token, model.id), "0001");
    refused(await save([{ name: "hacked" }], t.member.token, 999999), "4040");
    expect(await stored()).toEqual(before);
    refused(await s.call(`/api/agent/variable/list/${agentId}`, { token: t.outsider.token }), "4040");
  });
});
