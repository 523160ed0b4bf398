import { type AppLoadContext, data, redirect } from "react-router";
import { endpoints } from "#contract/api";
import type { PluginInfo } from "#contract/api/plugin";
import type { Arg } from "#contract/args";
import { type ArgList, applyEdit, fieldName, parseEdit, parseValue, rowsOf } from "../components/plugin/arg-rows";
import { pluginPath } from "../components/plugin/paths";
import {
  checkCode,
  checkHttp,
  draftOf,
  type EditorReply,
  type FieldErrors,
  type FormPart,
  readDraft,
} from "../components/plugin/plugin-form";
import type { ApiError } from "../lib/api.server";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { redirectWithToast } from "../lib/toast.server";
import { idParam, pathOf, spaceIdParam } from "../lib/url";

export const pluginIdParam = (value: string | undefined) => idParam(value, "插件不存在");

/** The plugin, its history when the drawer is open; an address of the wrong space or kind redirects to the right one. */
export async function loadPlugin(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; pluginId?: string },
  type: PluginInfo["type"],
) {
  const spaceId = spaceIdParam(params.spaceId);
  const pluginId = pluginIdParam(params.pluginId);
  const url = new URL(request.url);
  const plugin = await apiCall(context, request, endpoints.plugin.get, { params: { pluginId } });
  if (plugin.spaceId !== spaceId || plugin.type !== type) throw redirect(`${pluginPath(plugin)}${url.search}`);
  const showHistory = url.searchParams.has("history");
  const history = showHistory
    ? await apiCall(context, request, endpoints.plugin.history, { params: { pluginId } })
    : [];
  return { plugin, history, showHistory, search: url.search };
}

/** A backend refusal's field errors ("config.inputArgs.0.name") under the form's fields ("inputArgs[0].name"). */
function apiErrors(error: ApiError): { errors?: FieldErrors; formError?: string } {
  const entries = Object.entries(error.fieldErrors ?? {});
  if (!entries.length)
    return { formError: error.code === "5000" ? `${error.message}（请求编号 ${error.tid}）` : error.message };
  const errors: FieldErrors = {};
  for (const [path, messages] of entries) {
    const parts = path.split(".").filter((p) => p !== "config");
    errors[fieldName(parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p)))] = messages;
  }
  return { errors };
}

/** The 试运行 form's values (`sample.<i>`, one per top-level input arg) as the params object, by arg name. */
function samplesOf(formData: FormData, args: readonly Arg[]): { params: Record<string, unknown> } | { error: string } {
  const params: Record<string, unknown> = {};
  for (const [i, arg] of args.entries()) {
    const text = String(formData.get(`sample.${i}`) ?? "");
    if (text.trim() === "") continue;
    const value = parseValue(text, arg.dataType);
    const wantsJson = arg.dataType === "Object" || arg.dataType.startsWith("Array_");
    if (wantsJson && typeof value === "string") return { error: `参数 ${arg.name} 的值不是有效的 JSON` };
    params[arg.name] = value;
  }
  return { params };
}

/**
 * Every form of a plugin page posts here with an `intent`: save (redirects with a toast), a table edit (the draft
 * comes back with the row added or removed), test and analyze (the run's outcome comes back), restore.
 */
export async function pluginAction(
  context: AppLoadContext,
  request: Request,
  params: { pluginId?: string },
  type: PluginInfo["type"],
) {
  const pluginId = pluginIdParam(params.pluginId);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const at = Date.now();
  const plugin = await apiCall(context, request, endpoints.plugin.get, { params: { pluginId } });
  const back = pathOf(request, ["history"]);

  if (intent === "save" || parseEdit(intent)) {
    const part: FormPart = type === "HTTP" ? "http" : formData.get("part") === "code" ? "code" : "metadata";
    const draft = readDraft(formData, part, draftOf(plugin));
    const edit = parseEdit(intent);
    if (edit) {
      const list: ArgList = edit.list;
      return {
        intent,
        at,
        draft: { ...draft, [list]: applyEdit(draft[list], edit.op, edit.path, list) },
      } satisfies EditorReply;
    }
    const checked = type === "HTTP" ? checkHttp(pluginId, draft) : checkCode(pluginId, draft);
    if (!checked.ok) return { intent, at, draft, errors: checked.errors } satisfies EditorReply;
    const res =
      type === "HTTP"
        ? await tryApiCall(context, request, endpoints.plugin.httpUpdate, { body: checked.body })
        : await tryApiCall(context, request, endpoints.plugin.codeUpdate, { body: checked.body });
    if (!res.ok) return { intent, at, draft, ...apiErrors(res.error) } satisfies EditorReply;
    return redirectWithToast(context, back, { type: "success", message: "已保存" });
  }

  if (intent === "test" || intent === "analyze") {
    const samples = samplesOf(formData, plugin.config.inputArgs);
    if ("error" in samples) return { intent, at, formError: samples.error } satisfies EditorReply;
    if (intent === "test") {
      const res = await tryApiCall(context, request, endpoints.plugin.test, {
        body: { pluginId, params: samples.params },
      });
      return res.ok
        ? ({ intent, at, test: res.data } satisfies EditorReply)
        : ({ intent, at, ...apiErrors(res.error) } satisfies EditorReply);
    }
    const res = await tryApiCall(context, request, endpoints.plugin.analysisOutput, {
      body: { pluginId, params: samples.params },
    });
    if (!res.ok) return { intent, at, ...apiErrors(res.error) } satisfies EditorReply;
    // Derived args may come without keys; the table's rows need stable ones.
    const analyzed = res.data.map((arg, i) => ({ ...arg, key: arg.key || `a${at.toString(36)}${i}` }));
    return {
      intent,
      at,
      analyzed,
      draft: { ...draftOf(plugin), outputArgs: rowsOf(analyzed, `a${at.toString(36)}`) },
    } satisfies EditorReply;
  }

  if (intent === "restore") {
    const historyId = Number(formData.get("historyId"));
    if (!Number.isSafeInteger(historyId) || historyId <= 0)
      return { intent, at, formError: "参数错误" } satisfies EditorReply;
    const res = await tryApiCall(context, request, endpoints.plugin.restore, { params: { historyId } });
    if (!res.ok) return redirectWithToast(context, pathOf(request), { type: "error", message: res.error.message });
    return redirectWithToast(context, back, { type: "success", message: "已恢复到所选版本" });
  }

  throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
}
