import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./api.server";
import { replyWithApiError } from "./form.server";

const schema = z.object({ name: z.string(), description: z.string().optional() });

function submission() {
  const form = new FormData();
  form.set("name", "团队");
  return parseWithZod(form, { schema });
}

describe("replyWithApiError", () => {
  it("puts a 4000's refused fields that the form has under those fields, from the structured data", () => {
    const refusal = new ApiError("4000", "参数 'name' 最多 32 个字符", "t1", {
      name: ["最多 32 个字符"],
      "bindConfig.x": ["不合法"],
    });
    expect(replyWithApiError(submission(), refusal).error).toEqual({ name: ["最多 32 个字符"] });
  });

  it("never reads the field out of the message: a 4000 without field data goes above the form", () => {
    const reply = replyWithApiError(submission(), new ApiError("4000", "参数 'name' 最多 32 个字符", "t1"));
    expect(reply.error).toEqual({ "": ["参数 'name' 最多 32 个字符"] });
  });

  it("puts business refusals above the form, or under the field the caller names", () => {
    expect(replyWithApiError(submission(), new ApiError("0001", "只有空间管理员可以执行此操作", "t2")).error).toEqual({
      "": ["只有空间管理员可以执行此操作"],
    });
    expect(replyWithApiError(submission(), new ApiError("0001", "用户名已被使用", "t3"), "name").error).toEqual({
      name: ["用户名已被使用"],
    });
  });

  it("adds the request id to internal errors so the log line can be found", () => {
    const reply = replyWithApiError(submission(), new ApiError("5000", "系统开小差啦，请稍后重试", "123"));
    expect(reply.error?.[""]).toEqual(["系统开小差啦，请稍后重试（请求编号 123）"]);
  });
});
