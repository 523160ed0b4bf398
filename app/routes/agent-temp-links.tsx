import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Copy, ExternalLink, Link2, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { PageHeader } from "../components/page-header";
import { Badge } from "../components/ui/badge";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Confirm } from "../components/ui/confirm";
import { Field, FormErrors } from "../components/ui/field";
import { Select } from "../components/ui/select";
import { cellClass, Table } from "../components/ui/table";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { formatDateTime } from "../lib/format";
import { idField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { idParam, pathOf, withParams } from "../lib/url";
import type { Route } from "./+types/agent-temp-links";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "临时会话");

const HOUR = 3_600_000;
const expiryOptions = [
  { value: "never", label: "永不过期" },
  { value: "24", label: "1 天后过期" },
  { value: "168", label: "7 天后过期" },
  { value: "720", label: "30 天后过期" },
] as const;

const createSchema = z.object({
  intent: z.literal("create"),
  requireLogin: z.boolean().default(false),
  expiry: z.enum(expiryOptions.map((o) => o.value) as ["never", "24", "168", "720"], { error: "请选择有效期" }),
});
const deleteSchema = z.object({ intent: z.literal("delete"), id: idField() });
const schema = z.discriminatedUnion("intent", [createSchema, deleteSchema]);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const agentId = idParam(params.agentId, "智能体不存在");
  const agent = await apiCall(context, request, endpoints.agent.get, { params: { agentId } });
  const links = await tryApiCall(context, request, endpoints.tempchat.linkList, { params: { agentId } });
  const origin = new URL(request.url).origin;
  // Links are shown absolute: the tenant's site URL when configured, else this server's address.
  const list = links.ok ? links.data.map((l) => ({ ...l, chatUrl: new URL(l.chatUrl, origin).href })) : [];
  const confirmId = Number(new URL(request.url).searchParams.get("delete"));
  return {
    agent,
    links: list,
    refusal: links.ok ? null : links.error.message,
    confirm: list.find((l) => l.id === confirmId) ?? null,
    cleanUrl: pathOf(request, ["delete"]),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const agentId = idParam(params.agentId, "智能体不存在");
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply();
  const back = `/space/${idParam(params.spaceId, "空间不存在")}/agent/${agentId}/temp-links`;
  const value = submission.value;
  if (value.intent === "create") {
    const expire = value.expiry === "never" ? null : new Date(Date.now() + Number(value.expiry) * HOUR).toISOString();
    const res = await tryApiCall(context, request, endpoints.tempchat.linkCreate, {
      params: { agentId },
      body: { requireLogin: value.requireLogin ? 1 : 0, expire },
    });
    if (!res.ok) return submission.reply({ formErrors: [res.error.message] });
    return redirectWithToast(context, back, { type: "success", message: "已创建临时会话链接" });
  }
  const res = await tryApiCall(context, request, endpoints.tempchat.linkDelete, {
    params: { agentId, id: value.id },
  });
  if (!res.ok) throw data({ code: res.error.code, message: res.error.message, tid: res.error.tid }, { status: 400 });
  return redirectWithToast(context, back, { type: "success", message: "链接已删除，使用它的人将不能再对话" });
}

function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={async () => {
        await navigator.clipboard.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      <Copy className="size-3.5" aria-hidden />
      {copied ? "已复制" : "复制链接"}
    </Button>
  );
}

const expiryText = (expire: string | null) => (expire ? formatDateTime(expire) : "永不过期");

/** 临时会话: links that let people chat with the agent's draft without an account (or after signing in). */
export default function TempLinksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, links, refusal, confirm, cleanUrl } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "create-temp-link",
    lastResult: actionData,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <div className="flex flex-wrap gap-4 text-[13px]">
        <Link
          to={`/space/${agent.spaceId}/agent/${agent.id}`}
          className="inline-flex items-center gap-1 text-primary-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          返回编辑
        </Link>
        <Link to={`/space/${agent.spaceId}/develop`} className="text-gray-600 hover:underline">
          智能体列表
        </Link>
      </div>
      <PageHeader
        title="临时会话"
        description={`「${agent.name}」的临时会话链接：拿到链接的人可以直接与智能体对话。`}
      />
      {confirm ? (
        <Confirm
          title="删除链接"
          description={`确定删除这个临时会话链接吗？正在使用它的人将不能再对话。${confirm.chatUrl}`}
          cancelTo={cleanUrl}
        >
          <Form method="post" className="flex justify-end gap-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={confirm.id} />
            <Link to={cleanUrl} replace preventScrollReset className={buttonClass("secondary")}>
              取消
            </Link>
            <Button type="submit" variant="danger" loading={busy}>
              确认删除
            </Button>
          </Form>
        </Confirm>
      ) : null}
      {refusal ? (
        <FormErrors errors={[refusal]} />
      ) : (
        <>
          <Card title="新建链接" className="max-w-3xl">
            <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-4">
              <input type="hidden" name="intent" value="create" />
              <FormErrors id={form.errorId} errors={form.errors} />
              <Field label="有效期" field={fields.expiry} className="w-48">
                <Select id={fields.expiry.id} name={fields.expiry.name} defaultValue="never" options={expiryOptions} />
              </Field>
              <label className="flex h-9 items-center gap-2">
                <input type="checkbox" name={fields.requireLogin.name} value="on" defaultChecked className="size-4" />
                需要登录后使用
              </label>
              <Button type="submit" loading={busy}>
                <Link2 className="size-4" aria-hidden />
                创建链接
              </Button>
            </Form>
          </Card>
          <section className="max-w-5xl" aria-label="已创建的链接">
            <Table
              label="临时会话链接"
              columns={["链接", "登录", "有效期", "创建时间", { label: "操作", className: "text-right" }]}
              empty="还没有临时会话链接，创建一个分享给别人吧。"
            >
              {links.map((link) => (
                <tr key={link.id}>
                  <td className={cellClass}>
                    <input
                      readOnly
                      value={link.chatUrl}
                      aria-label="链接地址"
                      className="w-[26rem] max-w-full rounded border border-gray-200 bg-gray-50 px-2 py-1 font-mono text-xs"
                    />
                  </td>
                  <td className={cellClass}>
                    {link.requireLogin ? <Badge tone="warning">需要登录</Badge> : <Badge>无需登录</Badge>}
                  </td>
                  <td className={cellClass} suppressHydrationWarning>
                    {link.expire && new Date(link.expire).getTime() < Date.now() ? (
                      <Badge tone="danger">已过期</Badge>
                    ) : (
                      expiryText(link.expire)
                    )}
                  </td>
                  <td className={cellClass} suppressHydrationWarning>
                    {formatDateTime(link.created)}
                  </td>
                  <td className={`${cellClass} text-right`}>
                    <div className="flex justify-end gap-1">
                      <CopyButton text={link.chatUrl} />
                      <a
                        href={link.chatUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={buttonClass("ghost", "sm")}
                      >
                        <ExternalLink className="size-3.5" aria-hidden />
                        打开
                      </a>
                      <Link
                        to={withParams(cleanUrl, { delete: link.id })}
                        preventScrollReset
                        className={buttonClass("ghost", "sm", "text-danger-600")}
                      >
                        <Trash2 className="size-3.5" aria-hidden />
                        删除
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </Table>
          </section>
        </>
      )}
    </main>
  );
}
