import { describe, expect, it } from "vitest";
import { applyEdit, argsOf, emptyRow, parseEdit, rowsOf } from "./arg-rows";
import { checkHttp, draftOf, readDraft } from "./plugin-form";

const saved = draftOf({
  id: 1,
  spaceId: 1,
  creatorId: 1,
  name: "问候",
  description: "",
  icon: "",
  type: "HTTP",
  codeLang: null,
  publishStatus: "Developing",
  scope: null,
  config: { method: "GET", url: "", contentType: "JSON", timeout: 10, inputArgs: [], outputArgs: [] },
  modified: "2026-01-01T00:00:00.000Z",
  publishDate: null,
  created: "2026-01-01T00:00:00.000Z",
  creator: null,
  permissions: [],
});

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("plugin form", () => {
  it("reads indexed arg rows into the contract's nested args", () => {
    const draft = readDraft(
      form({
        name: "问候",
        method: "POST",
        url: "http://127.0.0.1/greet/{id}",
        contentType: "JSON",
        timeout: "5",
        "inputArgs[0].key": "k1",
        "inputArgs[0].name": "user",
        "inputArgs[0].dataType": "Object",
        "inputArgs[0].inputType": "Body",
        "inputArgs[0].require": "on",
        "inputArgs[0].enable": "on",
        "inputArgs[0].subArgs[0].key": "k2",
        "inputArgs[0].subArgs[0].name": "age",
        "inputArgs[0].subArgs[0].dataType": "Integer",
        "inputArgs[0].subArgs[0].bindValue": "18",
      }),
      "http",
      saved,
    );
    const checked = checkHttp(1, draft);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const [user] = checked.body.config?.inputArgs ?? [];
    expect(user).toMatchObject({ key: "k1", name: "user", inputType: "Body", require: true, enable: true });
    // An unticked checkbox posts nothing: the child is neither required nor shown to the model.
    expect(user?.subArgs?.[0]).toMatchObject({ name: "age", bindValue: 18, require: false, enable: false });
    expect(checked.body.config?.timeout).toBe(5);
  });

  it("puts the contract's refusals under the posted fields", () => {
    const draft = readDraft(
      form({ name: "", timeout: "99", "inputArgs[0].name": "", "inputArgs[0].dataType": "String" }),
      "http",
      saved,
    );
    const checked = checkHttp(1, draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(["inputArgs[0].name", "name", "timeout"]);
    expect(checked.errors.timeout?.[0]).toBe("超时时间最多 60 秒");
  });

  it("applies the table buttons' edits and refuses made-up ones", () => {
    expect(parseEdit("add:inputArgs.0.2")).toEqual({ op: "add", list: "inputArgs", path: [0, 2] });
    expect(parseEdit("remove:outputArgs")).toBeNull();
    expect(parseEdit("add:config")).toBeNull();
    const rows = [{ ...emptyRow("inputArgs"), name: "a", dataType: "Object" }];
    const added = applyEdit(rows, "add", [0], "inputArgs");
    expect(added[0]?.subArgs).toHaveLength(1);
    expect(applyEdit(added, "remove", [0, 0], "inputArgs")[0]?.subArgs).toHaveLength(0);
    expect(applyEdit(added, "remove", [0], "inputArgs")).toHaveLength(0);
  });

  it("round-trips stored args, giving key-less ones stable keys", () => {
    const args = [{ name: "tags", dataType: "Array_String", bindValue: ["x"] }];
    const rows = rowsOf(args, "in");
    expect(rows[0]).toMatchObject({ key: "k-in-0", bindValue: '["x"]' });
    expect(argsOf(rows, false)[0]).toMatchObject({ name: "tags", bindValue: ["x"], bindValueType: "Input" });
  });
});
