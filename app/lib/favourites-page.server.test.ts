import { describe, expect, it } from "vitest";
import type { FavouriteListInput } from "#contract/api/favourite";
import { favouritesPage } from "./favourites-page.server";

/** The favourites endpoint's paging over `n` cards (newest first), recording what it was asked. */
function favourites(n: number) {
  const cards = Array.from({ length: n }, (_, i) => `收藏${n - i}`);
  const asked: FavouriteListInput[] = [];
  const list = async (body: FavouriteListInput) => {
    asked.push(body);
    const matching = body.kw ? cards.filter((c) => c.includes(body.kw as string)) : cards;
    return matching.slice((body.page - 1) * body.pageSize, body.page * body.pageSize);
  };
  return { list, asked };
}

const at = (query: string) => new URL(`http://web.test/square?cate_type=Plugin&collect=1${query}`);

describe("favouritesPage", () => {
  it("pages past the first 20 and knows whether another page follows", async () => {
    const { list } = favourites(45);
    const first = await favouritesPage(at(""), 20, list);
    expect(first).toMatchObject({ current: 1, hasNext: true });
    expect(first.records).toHaveLength(20);
    expect(first.records[0]).toBe("收藏45");
    const third = await favouritesPage(at("&page=3"), 20, list);
    expect(third).toEqual({ records: ["收藏5", "收藏4", "收藏3", "收藏2", "收藏1"], current: 3, hasNext: false });
  });

  it("says no next page when the last page is exactly full", async () => {
    const { list } = favourites(40);
    const second = await favouritesPage(at("&page=2"), 20, list);
    expect(second.records).toHaveLength(20);
    expect(second.hasNext).toBe(false);
  });

  it("asks with the search words and the next page's first position", async () => {
    const { list, asked } = favourites(30);
    const page = await favouritesPage(at("&page=2&kw=%E6%94%B6%E8%97%8F1"), 5, list);
    expect(asked).toEqual([
      { page: 2, pageSize: 5, kw: "收藏1" },
      { page: 11, pageSize: 1, kw: "收藏1" },
    ]);
    expect(page).toEqual({ records: ["收藏14", "收藏13", "收藏12", "收藏11", "收藏10"], current: 2, hasNext: true });
  });
});
