import { parseWithZod } from "@conform-to/zod/v4";
import { table } from "#contract/api/table";
import { tableLibraryPath, tablePath } from "../components/table/paths";
import { createTableSchema } from "../components/table/schemas";
import { CreateTableForm } from "../components/table/table-forms";
import { Card } from "../components/ui/card";
import { tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/table-new";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "新建数据表");

export async function action({ request, context, params }: Route.ActionArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const formData = await request.formData();
  // The space is the page's, whatever the hidden field says.
  formData.set("spaceId", String(spaceId));
  const submission = parseWithZod(formData, { schema: createTableSchema });
  if (submission.status !== "success") return submission.reply();
  const { tableName, tableDescription } = submission.value;
  const created = await tryApiCall(context, request, table.add, { body: { spaceId, tableName, tableDescription } });
  if (!created.ok) return replyWithApiError(submission, created.error);
  return redirectWithToast(context, tablePath({ id: created.data, spaceId }), {
    type: "success",
    message: `已创建数据表「${tableName}」`,
  });
}

/** 组件库 → 新建 → 数据表: the create form as a page of its own (works without JavaScript). */
export default function NewTablePage({ actionData, params }: Route.ComponentProps) {
  const spaceId = Number(params.spaceId);
  return (
    <div className="flex justify-center p-8">
      <Card
        title="新建数据表"
        description="创建后进入数据表页，定义字段，再添加或导入数据。"
        className="h-fit w-full max-w-lg"
      >
        <CreateTableForm spaceId={spaceId} lastResult={actionData} cancelTo={tableLibraryPath(spaceId)} />
      </Card>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
