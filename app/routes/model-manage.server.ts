import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { endpoints } from "#contract/api";
import {
  builtinSaveBody,
  isModelFormIntent,
  type ModelReply,
  modelDefaultsSchema,
  modelFormSchemas,
  saveBody,
} from "../components/model/model-schema";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";

/** Tenant models (系统管理, admins) or the models of one space (组件库, its members). */
export type ModelScope = { kind: "system" } | { kind: "space"; spaceId: number };

const { model } = endpoints;
/** The same calls on tenant models (/api/system/model/*) or on a space's (/api/model/*). */
const modelEndpoints = (scope: ModelScope) =>
  scope.kind === "system"
    ? { get: model.systemGet, save: model.systemSave, test: model.systemTest, remove: model.systemDelete }
    : { get: model.get, save: model.save, test: model.test, remove: model.delete };

const refused = (message: string) => data({ code: "4000", message, tid: "" }, { status: 400 });

/**
 * Every model form posts here with an `intent`: save (add or edit), test-form (测试连接 of unsaved values),
 * save-builtin, test (a saved row), delete, defaults (system only). Success redirects to `back` with a toast;
 * anything else returns a ModelReply for the page to show.
 */
export async function modelAction(
  context: AppLoadContext,
  request: Request,
  scope: ModelScope,
  back: string,
): Promise<ModelReply | Response> {
  const form = await request.formData();
  const intent = form.get("intent");
  const api = modelEndpoints(scope);
  const spaceId = scope.kind === "space" ? scope.spaceId : undefined;
  const done = (message: string) => redirectWithToast(context, back, { type: "success", message });

  if (isModelFormIntent(intent)) {
    const submission = parseWithZod(form, { schema: modelFormSchemas[intent] });
    if (submission.status !== "success") return { intent, result: submission.reply() };
    const value = submission.value;
    if (value.intent === "save-builtin") {
      const existing = await apiCall(context, request, api.get, { params: { id: value.id } });
      const res = await tryApiCall(context, request, api.save, { body: builtinSaveBody(value, existing) });
      return res.ok ? done("模型已保存") : { intent, result: replyWithApiError(submission, res.error) };
    }
    const body = saveBody(value, value.id ? undefined : spaceId);
    if (value.intent === "test-form") {
      const res = await tryApiCall(context, request, api.test, { body });
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.error) };
      return { intent, result: submission.reply(), test: res.data };
    }
    const res = await tryApiCall(context, request, api.save, { body });
    return res.ok
      ? done(value.id ? `模型「${value.name}」已保存` : `已添加模型「${value.name}」`)
      : { intent, result: replyWithApiError(submission, res.error) };
  }

  const id = Number(form.get("id"));
  if (intent === "test") {
    if (!Number.isSafeInteger(id) || id <= 0) throw refused("参数错误");
    const res = await tryApiCall(context, request, api.test, { body: { id } });
    const test = res.ok ? res.data : { success: false, latencyMs: 0, message: res.error.message };
    return { intent, id, test };
  }
  if (intent === "delete") {
    if (!Number.isSafeInteger(id) || id <= 0) throw refused("参数错误");
    const res = await tryApiCall(context, request, api.remove, { params: { id } });
    return res.ok ? done("模型已删除") : { intent, error: res.error.message };
  }
  if (intent === "defaults" && scope.kind === "system") {
    const submission = parseWithZod(form, { schema: modelDefaultsSchema });
    if (submission.status !== "success") return { intent, result: submission.reply() };
    const { defaultChatModelId, defaultSuggestModelId, defaultEmbedModelId } = submission.value;
    const res = await tryApiCall(context, request, model.systemDefaults, {
      body: {
        defaultChatModelId,
        defaultSuggestModelId: defaultSuggestModelId ?? null,
        defaultEmbedModelId: defaultEmbedModelId ?? null,
      },
    });
    return res.ok ? done("默认模型已保存") : { intent, result: replyWithApiError(submission, res.error) };
  }
  throw refused("未知的操作");
}
