import { describe, expect, it } from "vitest";
import { cachingResolver } from "./dns-cache";
import type { ResolvedAddress } from "./guard";

/** A resolver that counts its lookups and answers what `answers` holds for the name at that moment. */
function counting(answers: Map<string, ResolvedAddress[] | Error>) {
  const lookups: string[] = [];
  const resolve = async (host: string) => {
    lookups.push(host);
    const answer = answers.get(host);
    if (!answer || answer instanceof Error) throw answer ?? new Error("ENOTFOUND");
    return answer;
  };
  return { lookups, resolve };
}

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });

describe("cachingResolver", () => {
  it("keeps a name's addresses for 30 s, shares a lookup under way, then looks the name up again", async () => {
    let clock = 0;
    const answers = new Map([["model.example", [v4("93.184.216.34")]]]);
    const { lookups, resolve } = counting(answers);
    const cached = cachingResolver(resolve, () => clock);
    const together = await Promise.all([cached("model.example"), cached("model.example")]);
    expect(together).toEqual([[v4("93.184.216.34")], [v4("93.184.216.34")]]);
    clock = 29_999;
    expect(await cached("model.example")).toEqual([v4("93.184.216.34")]);
    expect(lookups).toEqual(["model.example"]);
    // The name now points elsewhere: followed once the answer has expired.
    answers.set("model.example", [v4("10.0.0.5")]);
    clock = 30_000;
    expect(await cached("model.example")).toEqual([v4("10.0.0.5")]);
    expect(lookups).toEqual(["model.example", "model.example"]);
  });

  it("does not keep a failed lookup", async () => {
    const answers = new Map<string, ResolvedAddress[] | Error>([["flaky.example", new Error("EAI_AGAIN")]]);
    const { lookups, resolve } = counting(answers);
    const cached = cachingResolver(resolve, () => 0);
    await expect(cached("flaky.example")).rejects.toThrow("EAI_AGAIN");
    answers.set("flaky.example", [v4("93.184.216.34")]);
    expect(await cached("flaky.example")).toEqual([v4("93.184.216.34")]);
    expect(lookups).toEqual(["flaky.example", "flaky.example"]);
  });
});
