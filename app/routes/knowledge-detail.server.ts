import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { embeddingOptions } from "#app/components/knowledge/embedding-select";
import { type KnowledgeTab, knowledgePath, knowledgeTabs } from "#app/components/knowledge/paths";
import {
  qaSchema,
  renameDocSchema,
  SEARCH_DEFAULTS,
  searchSchema,
  settingsSchema,
} from "#app/components/knowledge/schemas";
import { apiCall, apiUpload, tryApiCall } from "#app/lib/api-call.server";
import { replyWithApiError } from "#app/lib/form.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { idParam, pageParam, pathOf, spaceIdParam, textParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import { knowledge } from "#contract/api/knowledge";

export const knowledgeIdParam = (value: string | undefined) => idParam(value, "知识库不存在");

/** Query parameters that only open something (a confirmation, an edit row); dropped once its action is done. */
const OPENERS = ["deleteDoc", "deleteQa", "editQa", "confirm"];

/** The knowledge base of the address; one of another space is opened where it lives. */
export async function loadKnowledge(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; knowledgeId?: string },
) {
  const spaceId = spaceIdParam(params.spaceId);
  const id = knowledgeIdParam(params.knowledgeId);
  const kb = await apiCall(context, request, knowledge.detail, { query: { id } });
  if (kb.spaceId !== spaceId) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname.replace(`/space/${spaceId}/`, `/space/${kb.spaceId}/`)}${url.search}`);
  }
  return kb;
}

/** The Embeddings models the space may use, as select options ("" = the tenant's default first, unless `current`). */
export async function loadEmbeddingOptions(
  context: AppLoadContext,
  request: Request,
  spaceId: number,
  current?: { id: number; name: string },
) {
  const [models, tenant] = await Promise.all([
    apiCall(context, request, endpoints.model.list, { body: { spaceId, modelType: "Embeddings" } }),
    apiCall(context, request, endpoints.tenant.config),
  ]);
  return embeddingOptions(models, tenant.defaultEmbedModelId, current);
}

const DOC_PAGE_SIZE = 20;
const SEGMENT_PAGE_SIZE = 10;
const QA_PAGE_SIZE = 10;

/** What the open tab shows: documents (with the chosen one's segments), QA pairs, search hits or the settings. */
export async function loadTab(context: AppLoadContext, request: Request, kb: { id: number; spaceId: number }) {
  const url = new URL(request.url);
  const tab = (knowledgeTabs.find((t) => t.key === url.searchParams.get("tab"))?.key ?? "docs") as KnowledgeTab;
  const kbId = kb.id;
  if (tab === "docs") {
    const name = textParam(url, "q", 200);
    const docs = await apiCall(context, request, knowledge.documentList, {
      body: { current: pageParam(url), pageSize: DOC_PAGE_SIZE, queryFilter: { kbId, name: name || undefined } },
    });
    const docId = Number(url.searchParams.get("doc")) || docs.records[0]?.id;
    const doc = docId
      ? (docs.records.find((d) => d.id === docId) ??
        (await apiCall(context, request, knowledge.documentDetail, { query: { dataId: docId } })))
      : null;
    const segments =
      doc && doc.kbId === kbId
        ? await apiCall(context, request, knowledge.segmentList, {
            body: { current: pageParam(url, "segPage"), pageSize: SEGMENT_PAGE_SIZE, queryFilter: { docId: doc.id } },
          })
        : null;
    return { tab, docs, q: name, doc: doc?.kbId === kbId ? doc : null, segments } as const;
  }
  if (tab === "qa") {
    const question = textParam(url, "q", 200);
    const qa = await apiCall(context, request, knowledge.qaList, {
      body: { current: pageParam(url), pageSize: QA_PAGE_SIZE, queryFilter: { kbId, question: question || undefined } },
    });
    return { tab, qa, q: question } as const;
  }
  if (tab === "search") {
    // A search runs only once a question was asked; the blank form shows the defaults.
    if (!url.searchParams.has("question")) return { tab, search: null, hits: null } as const;
    const submission = parseWithZod(url.searchParams, { schema: searchSchema });
    if (submission.status !== "success") return { tab, search: submission.reply(), hits: null } as const;
    const res = await tryApiCall(context, request, knowledge.search, {
      body: { kbId, ignoreDocStatus: false, ...submission.value },
    });
    if (!res.ok) return { tab, search: replyWithApiError(submission, res.error), hits: null } as const;
    return { tab, search: submission.reply(), hits: res.data } as const;
  }
  return { tab } as const;
}

export type TabData = Awaited<ReturnType<typeof loadTab>>;
export { SEARCH_DEFAULTS };

const idOf = (formData: FormData, name: string) => {
  const value = Number(formData.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/**
 * Every form of the knowledge page posts here with an `intent`. Success redirects back (without the parameters
 * that opened a confirmation or an edit row) with a toast; a form's mistakes come back as its reply.
 */
export async function knowledgeAction(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; knowledgeId?: string },
) {
  const kb = await loadKnowledge(context, request, params);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const back = pathOf(request, OPENERS);
  const ok = (message: string, to = back) => redirectWithToast(context, to, { type: "success", message });
  const refused = (message: string) => redirectWithToast(context, back, { type: "error", message });

  switch (intent) {
    case "settings": {
      const submission = parseWithZod(formData, { schema: settingsSchema });
      if (submission.status !== "success") return { intent, result: submission.reply() };
      const { name, description, embeddingModelId } = submission.value;
      const res = await tryApiCall(context, request, knowledge.update, {
        body: { id: kb.id, name, description: description ?? "", embeddingModelId: embeddingModelId ?? undefined },
      });
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.error) };
      const reembed = embeddingModelId !== undefined && embeddingModelId !== kb.embeddingModelId;
      return ok(reembed ? "已保存，正在用新的向量模型重新向量化全部文档" : "已保存");
    }
    case "delete-kb": {
      const res = await tryApiCall(context, request, knowledge.delete, { query: { id: kb.id } });
      if (!res.ok) return refused(res.error.message);
      return ok(`已删除知识库「${kb.name}」`, `/space/${kb.spaceId}/library?type=Knowledge`);
    }
    case "retry": {
      const docId = idOf(formData, "docId");
      if (!docId) return refused("参数错误");
      const res = await tryApiCall(context, request, knowledge.documentRetry, { params: { docId } });
      return res.ok ? ok("已重新开始处理") : refused(res.error.message);
    }
    case "generate-qa": {
      const docId = idOf(formData, "docId");
      if (!docId) return refused("参数错误");
      const res = await tryApiCall(context, request, knowledge.generateQa, { params: { docId } });
      return res.ok ? ok("正在根据分段生成问答，完成后出现在 QA问答 中") : refused(res.error.message);
    }
    case "rename-doc": {
      const submission = parseWithZod(formData, { schema: renameDocSchema });
      if (submission.status !== "success") return { intent, result: submission.reply() };
      const res = await tryApiCall(context, request, knowledge.documentRename, {
        body: { docId: submission.value.docId, name: submission.value.name },
      });
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.error) };
      return ok("文档已重命名");
    }
    case "delete-doc": {
      const docId = idOf(formData, "docId");
      if (!docId) return refused("参数错误");
      const res = await tryApiCall(context, request, knowledge.documentDelete, { query: { id: docId } });
      if (!res.ok) return refused(res.error.message);
      const url = new URL(back, request.url);
      url.searchParams.delete("doc");
      return ok("文档已删除", url.pathname + url.search);
    }
    case "qa-save": {
      const submission = parseWithZod(formData, { schema: qaSchema });
      if (submission.status !== "success") return { intent, result: submission.reply() };
      const { id, question, answer } = submission.value;
      const res = id
        ? await tryApiCall(context, request, knowledge.qaUpdate, { body: { id, question, answer } })
        : await tryApiCall(context, request, knowledge.qaAdd, { body: { kbId: kb.id, question, answer } });
      if (!res.ok) return { intent, result: replyWithApiError(submission, res.error) };
      return ok(id ? "问答已保存" : "已添加问答");
    }
    case "qa-delete": {
      const id = idOf(formData, "id");
      if (!id) return refused("参数错误");
      const res = await tryApiCall(context, request, knowledge.qaDelete, { body: { id } });
      return res.ok ? ok("问答已删除") : refused(res.error.message);
    }
    case "qa-import": {
      const file = formData.get("file");
      if (!(file instanceof File) || file.size === 0)
        return { intent, result: { status: "error" as const, error: { file: ["请选择 Excel 文件"] } } };
      const upload = new FormData();
      upload.set("file", file);
      upload.set("kbId", String(kb.id));
      const { envelope } = await apiUpload(context, request, knowledge.qaImport, upload);
      if (envelope.code !== "0000")
        return { intent, result: { status: "error" as const, error: { file: [envelope.message] } } };
      const { added, skipped } = envelope.data;
      return ok(skipped ? `已导入 ${added} 条问答，跳过 ${skipped} 条` : `已导入 ${added} 条问答`);
    }
  }
  throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
}

export type KnowledgeActionReply = Exclude<Awaited<ReturnType<typeof knowledgeAction>>, Response>;
export { knowledgePath };
