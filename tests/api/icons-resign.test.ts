import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { addAgent, ok, personalSpace } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { upload } from "./knowledge-support";

/**
 * The original client stores an uploaded icon as the upload's signed download link, which expires after a day.
 * Answers sign our own links afresh; everything else is answered as stored.
 */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const DAY_MS = 24 * 60 * 60_000;

let s: TestServer;
let user: Awaited<ReturnType<TestServer["newUser"]>>;
let spaceId: number;
let uploaded: string;
const agents: Record<string, { id: number; icon: string }> = {};

/** A link's bytes and type, as an <img> would fetch it (refusals are HTTP-200 envelopes, so the type tells). */
async function fetchIcon(url: string) {
  const res = await fetch(s.url + url);
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    bytes: (await res.arrayBuffer()).byteLength,
  };
}

beforeAll(async () => {
  s = await startServer();
  user = await s.newUser();
  spaceId = await personalSpace(s, user.token);
  uploaded = (await upload(s, user.token, "icon.png", PNG)).url;
  const other = await s.newUser();
  const othersKey = (await upload(s, other.token, "private.png", PNG)).key;
  const document = (await upload(s, user.token, "notes.pdf", new TextEncoder().encode("%PDF-1.4\n%%EOF\n"))).url;
  const sig = new URL(uploaded, s.url).searchParams.get("sig")!;
  const icons = {
    uploaded,
    absolute: s.url + uploaded,
    foreign: "https://cdn.example.com/pictures/robot.png?exp=1&sig=abc",
    // The user's own link with its signature altered, and a link to somebody else's file with the user's signature.
    badSignature: uploaded.replace(/sig=.*/, `sig=${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`),
    othersKey: uploaded.replace(/download\/[^?]+/, `download/${othersKey}`),
    // A document is no picture: its link is not kept alive through an icon.
    document,
  };
  for (const [name, icon] of Object.entries(icons)) {
    agents[name] = { id: await addAgent(s, user.token, spaceId, { name, icon }), icon };
  }
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await s?.close();
});

/** Moves the clock to `hour` o'clock (UTC) three days on, past every link signed so far, and signs in again then. */
async function threeDaysLater(hour = 12) {
  const day = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  vi.useFakeTimers({ toFake: ["Date"], now: day + 3 * DAY_MS + hour * 3_600_000 });
  return s.login(user.userName, user.password);
}

async function iconsNow(token: string) {
  const list = ok<{ records?: unknown[] } | unknown[]>(await s.call(`/api/agent/list/${spaceId}`, { token }));
  const rows = (Array.isArray(list) ? list : (list.records ?? [])) as { id: number; icon: string }[];
  const result: Record<string, { detail: string; list: string | undefined }> = {};
  for (const [name, { id }] of Object.entries(agents)) {
    const detail = ok<{ icon: string }>(await s.call(`/api/agent/${id}`, { token }));
    result[name] = { detail: detail.icon, list: rows.find((r) => r.id === id)?.icon };
  }
  return result;
}

describe("uploaded icons after their link has expired", () => {
  it("are answered with a fresh link to the same file that still loads", async () => {
    const token = await threeDaysLater();
    expect((await fetchIcon(uploaded)).type).toMatch(/^application\/json/);
    const icons = await iconsNow(token);
    for (const name of ["uploaded", "absolute"]) {
      const { detail, list } = icons[name]!;
      expect(list, name).toBe(detail);
      expect(detail.split("?")[0], name).toBe(agents[name]!.icon.split("?")[0]);
      expect(detail, name).not.toBe(agents[name]!.icon);
      const fetched = await fetchIcon(detail.replace(s.url, ""));
      expect(fetched, name).toEqual({ status: 200, type: "image/png", bytes: PNG.byteLength });
    }
  });

  it("leave foreign URLs, forged or altered links and documents' links as stored", async () => {
    const token = await threeDaysLater();
    const icons = await iconsNow(token);
    for (const name of ["foreign", "badSignature", "othersKey", "document"]) {
      expect(icons[name], name).toEqual({ detail: agents[name]!.icon, list: agents[name]!.icon });
    }
    for (const name of ["badSignature", "othersKey", "document"]) {
      expect((await fetchIcon(agents[name]!.icon)).type, name).toMatch(/^application\/json/);
    }
  });

  it("stay the same link through one day, so browsers can cache it", async () => {
    const token = await threeDaysLater(1);
    const morning = (await iconsNow(token)).uploaded!.detail;
    vi.setSystemTime(Date.now() + 22 * 3_600_000);
    expect((await iconsNow(token)).uploaded!.detail).toBe(morning);
    expect((await fetchIcon(morning)).type).toBe("image/png");
  });
});
