import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AddFilesForm, AddTextForm } from "#app/components/knowledge/add-content";
import { knowledgeAddPath, knowledgePath } from "#app/components/knowledge/paths";
import { addFilesSchema, addTextSchema, segmentOf } from "#app/components/knowledge/schemas";
import { Card } from "#app/components/ui/card";
import { Tabs } from "#app/components/ui/tabs";
import { apiUpload, tryApiCall } from "#app/lib/api-call.server";
import { replyWithApiError } from "#app/lib/form.server";
import { pageTitle } from "#app/lib/meta";
import { redirectWithToast } from "#app/lib/toast.server";
import { endpoints } from "#contract/api";
import { knowledge } from "#contract/api/knowledge";
import type { Route } from "./+types/knowledge-add";
import { loadKnowledge } from "./knowledge-detail.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `添加内容 · ${loaderData.kb.name}` : "添加内容");

const kindOf = (request: Request) => (new URL(request.url).searchParams.get("kind") === "text" ? "text" : "file");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kb = await loadKnowledge(context, request, params);
  return { kb: { id: kb.id, spaceId: kb.spaceId, name: kb.name }, kind: kindOf(request) };
}

/**
 * Files arrive either as what the browser's uploads answered (fileList[i].name/docUrl) or, without JavaScript,
 * as the files themselves: those are uploaded here first, one by one, and join the list.
 */
async function uploadFiles(context: Route.ActionArgs["context"], request: Request, formData: FormData) {
  const files = formData.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  formData.delete("files");
  for (const [i, file] of files.entries()) {
    const body = new FormData();
    body.set("file", file);
    const { envelope } = await apiUpload(context, request, endpoints.file.upload, body);
    if (envelope.code !== "0000") return `${file.name}：${envelope.message.replace(/^参数 '\w+' /, "")}`;
    formData.set(`fileList[${i}].name`, envelope.data.fileName);
    formData.set(`fileList[${i}].docUrl`, envelope.data.url);
    formData.set(`fileList[${i}].fileSize`, String(envelope.data.size));
  }
  return null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const kb = await loadKnowledge(context, request, params);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const done = (count: string) =>
    redirectWithToast(context, knowledgePath(kb), { type: "success", message: `已添加${count}，正在处理` });

  if (intent === "add-text") {
    const submission = parseWithZod(formData, { schema: addTextSchema });
    if (submission.status !== "success") return submission.reply();
    const { name, fileContent } = submission.value;
    const res = await tryApiCall(context, request, knowledge.documentCustomAdd, {
      body: { kbId: kb.id, name, fileContent, ...segmentOf(submission.value) },
    });
    return res.ok ? done(`「${name}」`) : replyWithApiError(submission, res.error);
  }
  if (intent === "add-files") {
    const uploadError = await uploadFiles(context, request, formData);
    const submission = parseWithZod(formData, { schema: addFilesSchema });
    if (uploadError) return submission.reply({ fieldErrors: { fileList: [uploadError] } });
    if (submission.status !== "success") return submission.reply();
    const { fileList } = submission.value;
    const res = await tryApiCall(context, request, knowledge.documentAdd, {
      body: { kbId: kb.id, fileList, ...segmentOf(submission.value) },
    });
    return res.ok ? done(` ${fileList.length} 个文档`) : replyWithApiError(submission, res.error);
  }
  throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
}

/** 添加内容: upload documents or paste text into the knowledge base, with the segment settings. */
export default function AddKnowledgeContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kb, kind } = loaderData;
  const backTo = knowledgePath(kb);
  return (
    <div className="flex justify-center p-8">
      <Card title={`添加内容到「${kb.name}」`} className="h-fit w-full max-w-2xl">
        <div className="mb-4">
          <Tabs
            label="添加方式"
            active={kind}
            items={[
              { key: "file", label: "上传文档", to: knowledgeAddPath(kb, "file") },
              { key: "text", label: "粘贴文本", to: knowledgeAddPath(kb, "text") },
            ]}
          />
        </div>
        {kind === "text" ? (
          <AddTextForm lastResult={actionData} backTo={backTo} />
        ) : (
          <AddFilesForm lastResult={actionData} backTo={backTo} />
        )}
      </Card>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
