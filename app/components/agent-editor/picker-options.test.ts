import { describe, expect, it } from "vitest";
import type { LibraryItem } from "#app/routes/agent-editor.server";
import type { ComponentDto } from "#contract/api/agent-dto";
import { pickerOptions } from "./component-section";

const item = (id: number, name: string) => ({ id, name, type: "Plugin" }) as LibraryItem;
const bound = (targetId: number) => ({ targetId }) as ComponentDto;

describe("the editor's picker", () => {
  it("offers the space's unbound components without groups when there are no favourites", () => {
    expect(pickerOptions([item(1, "天气"), item(2, "汇率")], [], [bound(1)])).toEqual([
      { value: "2", label: "汇率", group: undefined },
    ]);
  });

  it("adds favourites from elsewhere under 我的收藏, leaving out the space's own and the bound ones", () => {
    const favourites = [
      { id: 2, name: "汇率" },
      { id: 7, name: "快递" },
      { id: 9, name: "翻译" },
    ];
    expect(pickerOptions([item(1, "天气"), item(2, "汇率")], favourites, [bound(9)])).toEqual([
      { value: "1", label: "天气", group: "本空间" },
      { value: "2", label: "汇率", group: "本空间" },
      { value: "7", label: "快递", group: "我的收藏" },
    ]);
  });

  it("offers favourites alone when the space has none of the kind", () => {
    expect(pickerOptions([], [{ id: 7, name: "快递" }], [])).toEqual([
      { value: "7", label: "快递", group: "我的收藏" },
    ]);
  });
});
