import { getFormProps, getInputProps } from "@conform-to/react";
import { ArrowLeft, History } from "lucide-react";
import { Link } from "react-router";
import type { AgentDto } from "#contract/api/agent-dto";
import { AgentIcon } from "../agent/agent-icon";
import { PublishStatusBadge } from "../agent/publish-status-badge";
import { PublishButton } from "../publish/publish-button";
import { Badge } from "../ui/badge";
import { buttonClass } from "../ui/button";
import { FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { SaveIndicator, SectionForm, useEditorForm } from "./autosave";
import { editorSchemas } from "./schemas";

interface EditorHeaderProps {
  agent: AgentDto;
  /** The editor with the change-history drawer open. */
  historyHref: string;
}

/** Back link, the agent's icon, name and description (edited in place), save state and history. */
export function EditorHeader({ agent, historyHref }: EditorHeaderProps) {
  const { fetcher, form, fields } = useEditorForm("info", editorSchemas.info, {
    name: agent.name,
    description: agent.description,
    icon: agent.icon,
  });
  const errors = [fields.name.errors, fields.description.errors, fields.icon.errors, form.errors]
    .flat()
    .filter((e): e is string => Boolean(e));
  return (
    <header className="flex flex-wrap items-center gap-3 border-gray-200 border-b bg-white px-4 py-2">
      <Link
        to={`/space/${agent.spaceId}/develop`}
        className={buttonClass("ghost", "sm")}
        aria-label="返回智能体开发"
        title="返回智能体开发"
      >
        <ArrowLeft className="size-4" aria-hidden />
      </Link>
      <SectionForm
        fetcher={fetcher}
        intent="info"
        formProps={getFormProps(form)}
        className="flex min-w-0 flex-1 basis-56 flex-wrap items-center gap-3"
      >
        <details className="relative">
          <summary className="cursor-pointer list-none" aria-label="更换图标" title="更换图标">
            <AgentIcon name={agent.name} icon={agent.icon} size="sm" />
          </summary>
          <div className="absolute top-full left-0 z-30 mt-1 w-80 rounded-card border border-gray-200 bg-white p-3 shadow-lg">
            <label htmlFor={fields.icon.id} className="mb-1 block font-medium">
              图标链接
            </label>
            <Input
              {...getInputProps(fields.icon, { type: "url" })}
              placeholder="https://…/icon.png（留空显示名称首字）"
            />
          </div>
        </details>
        <div className="flex min-w-0 flex-1 flex-col">
          <Input
            {...getInputProps(fields.name, { type: "text" })}
            aria-label="智能体名称"
            maxLength={64}
            className="h-7 border-transparent px-1 font-semibold text-base hover:border-gray-300"
          />
          <Input
            {...getInputProps(fields.description, { type: "text" })}
            aria-label="智能体描述"
            placeholder="添加描述，让使用者知道它能做什么"
            maxLength={500}
            className="h-6 border-transparent px-1 text-[13px] text-gray-500 hover:border-gray-300"
          />
        </div>
        {errors.length ? <FormErrors errors={errors} /> : null}
      </SectionForm>
      <PublishStatusBadge status={agent.publishStatus} />
      {agent.publishDate && agent.publishDate < agent.modified ? <Badge tone="warning">有更新未发布</Badge> : null}
      <SaveIndicator modified={agent.modified} />
      <Link to={historyHref} preventScrollReset className={buttonClass("secondary", "sm")}>
        <History className="size-4" aria-hidden />
        变更记录
      </Link>
      <PublishButton spaceId={agent.spaceId} agentId={agent.id} canPublish={agent.permissions.includes("Publish")} />
    </header>
  );
}
