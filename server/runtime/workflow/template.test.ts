import { describe, expect, it } from "vitest";
import { renderTemplate, templateNames } from "./template";

describe("workflow templates", () => {
  const values = {
    name: "小明",
    n: 3,
    user: { city: "杭州", tags: ["a", "b"] },
    list: [{ title: "第一" }, { title: "第二" }],
    empty: null,
  };

  it("renders names, sub-fields and indexes; strings as they are, other values as JSON", () => {
    expect(renderTemplate("你好，{{name}}！", values)).toBe("你好，小明！");
    expect(renderTemplate("{{ user.city }}/{{user.tags[1]}}/{{list[0].title}}", values)).toBe("杭州/b/第一");
    expect(renderTemplate("{{n}} {{user}}", values)).toBe('3 {"city":"杭州","tags":["a","b"]}');
    expect(renderTemplate("{{list.title}}", values)).toBe('["第一","第二"]');
  });

  it("renders missing and empty values as nothing and leaves non-path text alone", () => {
    expect(renderTemplate("[{{missing}}][{{empty}}][{{user.none.deeper}}]", values)).toBe("[][][]");
    expect(renderTemplate("{{ 1 + 1 }} {{}} {name}", values)).toBe("{{ 1 + 1 }} {{}} {name}");
    expect(renderTemplate(undefined, values)).toBe("");
  });

  it("lets the caller format values (TextProcessing joins lists)", () => {
    const joined = renderTemplate("{{user.tags}}", values, (v) => (Array.isArray(v) ? v.join("、") : String(v)));
    expect(joined).toBe("a、b");
  });

  it("lists the argument names a template uses", () => {
    expect(templateNames("{{a}} {{b.c}} {{a[0]}} {{ 1 + 1 }}")).toEqual(["a", "b"]);
  });
});
