import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { endpoints } from "#contract/api";
import { apiCall, apiEnvelope, apiUpload, tryApiCall, urlOf } from "./api-call.server";

/** A backend that records what it was asked and answers with the given envelope. */
function backend(envelope: { code: string; data: unknown; message?: string }) {
  const seen: { method: string; url: string; body: string; type: string | null }[] = [];
  const context = {
    apiFetch: async (req: Request) => {
      seen.push({ method: req.method, url: req.url, body: await req.text(), type: req.headers.get("content-type") });
      return Response.json({ message: "成功", tid: "1", success: envelope.code === "0000", ...envelope });
    },
  } as unknown as AppLoadContext;
  return { context, seen };
}
const request = new Request("http://web.test/space/3/develop");

describe("urlOf", () => {
  it("fills in the path parameters, encoded, and appends the defined query values", () => {
    expect(urlOf(endpoints.space.get, { params: { spaceId: 3 } })).toBe("/api/space/get/3");
    expect(urlOf(endpoints.file.download, { params: { key: "a/b c" }, query: { exp: 5, sig: "x&y" } })).toBe(
      "/api/file/download/a%2Fb%20c?exp=5&sig=x%26y",
    );
    expect(urlOf(endpoints.agent.list, { params: { spaceId: 7 }, query: { kw: undefined } })).toBe("/api/agent/list/7");
  });
});

describe("apiCall", () => {
  it("calls the endpoint with its method and body and returns the data", async () => {
    const { context, seen } = backend({ code: "0000", data: 42 });
    const id: number = await apiCall(context, request, endpoints.space.add, { body: { name: "团队" } });
    expect(id).toBe(42);
    expect(seen).toEqual([
      { method: "POST", url: "http://web.test/api/space/add", body: '{"name":"团队"}', type: "application/json" },
    ]);
  });

  it("sends a POST without a body when the endpoint reads none", async () => {
    const { context, seen } = backend({ code: "0000", data: null });
    await apiCall(context, request, endpoints.agent.delete, { params: { agentId: 9 } });
    expect(seen).toEqual([{ method: "POST", url: "http://web.test/api/agent/delete/9", body: "", type: null }]);
  });

  it("returns a refusal with its field errors to actions", async () => {
    const { context } = backend({
      code: "4000",
      message: "参数 'name' 不能为空",
      data: { fieldErrors: { name: ["不能为空"] } },
    });
    const result = await tryApiCall(context, request, endpoints.space.add, { body: { name: "" } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.fieldErrors).toEqual({ name: ["不能为空"] });
  });
});

describe("apiEnvelope", () => {
  it("hands back a lapsed session's envelope instead of redirecting (the pollers answer 'nothing new')", async () => {
    const { context } = backend({ code: "4011", data: null });
    const { envelope } = await apiEnvelope(context, request, endpoints.notify.unreadCount);
    expect(envelope.code).toBe("4011");
  });
});

describe("apiUpload", () => {
  it("posts the form as multipart to the endpoint's URL with its query", async () => {
    const { context, seen } = backend({ code: "0000", data: { key: "k1" } });
    const form = new FormData();
    form.append("file", new File(["x"], "a.txt"));
    const { envelope } = await apiUpload(context, request, endpoints.file.upload, form, { query: { chatKey: "ck" } });
    expect(envelope.data).toEqual({ key: "k1" });
    expect(seen[0]?.url).toBe("http://web.test/api/file/upload?chatKey=ck");
    expect(seen[0]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('filename="a.txt"');
  });
});
