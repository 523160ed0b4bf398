import { CircleAlert, CircleCheck, Upload } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { endpoints } from "#contract/api";
import { AGENT_FILE_MAX_BYTES, type ImportResultDto } from "#contract/api/agent-export";
import { fieldErrorsOf } from "#contract/envelope";
import { PageHeader } from "../components/page-header";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FormErrors } from "../components/ui/field";
import { redirectToLogin } from "../lib/api.server";
import { apiUpload } from "../lib/api-call.server";
import { useCurrentSpace } from "../lib/current-space";
import { componentTypeLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/agent-export-import";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "导入智能体配置");

type ImportReply = { error: string; result?: undefined } | { result: ImportResultDto; error?: undefined };

/** 导入配置: the file goes on to the API as it came; its answer (new agent, skipped components) is shown here. */
export async function action({ request, context, params }: Route.ActionArgs): Promise<ImportReply> {
  const spaceId = spaceIdParam(params.spaceId);
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: "请选择配置文件" };
  const body = new FormData();
  body.append("file", file, file.name);
  const { envelope } = await apiUpload(context, request, endpoints.agentExport.import, body, { params: { spaceId } });
  if (envelope.code === "4010" || envelope.code === "4011") throw redirectToLogin(request);
  if (envelope.code !== "0000") {
    const fields = fieldErrorsOf(envelope.data);
    const detail = fields ? Object.entries(fields)[0] : undefined;
    return { error: detail && detail[0] !== "file" ? envelope.message : (detail?.[1][0] ?? envelope.message) };
  }
  return { result: envelope.data };
}

export default function ImportAgentPage({ actionData }: Route.ComponentProps) {
  const space = useCurrentSpace();
  const busy = useNavigation().state !== "idle";
  const result = actionData?.result;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 p-8">
      <PageHeader
        title="导入配置"
        description={`从导出的配置文件（.agent.json）创建一个新的智能体，放在「${space.name}」里。`}
      />
      {result ? <ImportResult spaceId={space.id} result={result} /> : null}
      <Card>
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
          <label htmlFor="agent-file" className="font-medium">
            配置文件
          </label>
          <input
            id="agent-file"
            type="file"
            name="file"
            required
            accept=".json,.agent,application/json"
            className="text-[13px]"
          />
          <p className="text-gray-500 text-xs">
            不超过 {AGENT_FILE_MAX_BYTES / 1024} KB。插件、工作流、知识库和数据表按 id
            引用：在这个空间里用不到的会被跳过， 数据表和知识库的数据本身不会导入。
          </p>
          <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
          <div className="flex justify-end gap-2">
            <Link to={`/space/${space.id}/develop`} className={buttonClass("secondary")}>
              返回
            </Link>
            <Button type="submit" loading={busy}>
              <Upload className="size-4" aria-hidden />
              导入
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}

function ImportResult({ spaceId, result }: { spaceId: number; result: ImportResultDto }) {
  return (
    <Card className="border-success-600/40">
      <div role="status" className="flex flex-col gap-3">
        <p className="flex items-center gap-2 font-semibold">
          <CircleCheck className="size-4 text-success-600" aria-hidden />
          已导入智能体「{result.name}」
        </p>
        <p className="text-gray-600">
          已导入组件：{result.imported.map((c) => `${componentTypeLabels[c.type]}「${c.name}」`).join("、") || "无"}
        </p>
        {result.skipped.length ? (
          <div>
            <p className="flex items-center gap-2 text-warning-700">
              <CircleAlert className="size-4" aria-hidden />
              跳过了 {result.skipped.length} 个组件：
            </p>
            <ul className="mt-1 list-disc pl-8 text-gray-600">
              {result.skipped.map((c) => (
                <li key={`${c.type}-${c.name}`}>
                  {componentTypeLabels[c.type]}「{c.name}」：{c.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {result.notes.map((note) => (
          <p key={note} className="text-gray-600">
            {note}
          </p>
        ))}
        <Link to={`/space/${spaceId}/agent/${result.agentId}`} className={buttonClass("primary", "md", "self-start")}>
          打开编辑
        </Link>
      </div>
    </Card>
  );
}
