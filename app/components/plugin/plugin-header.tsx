import { ArrowLeft, History, Save, Send } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { codeLanguageLabels, pluginTypeLabels } from "#app/lib/labels";
import type { PluginInfo } from "#contract/api/plugin";
import { AgentIcon } from "../agent/agent-icon";
import { PublishStatusBadge } from "../agent/publish-status-badge";
import { Badge } from "../ui/badge";
import { Button, buttonClass } from "../ui/button";

export const PLUGIN_FORM_ID = "plugin-form";

interface PluginHeaderProps {
  plugin: PluginInfo;
  /** This page with the history drawer open. */
  historyHref: string;
}

/**
 * Back to the library, the plugin's name, type and state, and its commands. 保存 submits the page's main form
 * (by its id), and comes first in the document, so Enter in any field saves rather than adding a row.
 */
export function PluginHeader({ plugin, historyHref }: PluginHeaderProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const canPublish = plugin.permissions.includes("Publish");
  const publishHref = `/space/${plugin.spaceId}/plugin/${plugin.id}/publish`;
  return (
    <header className="flex flex-wrap items-center gap-3 border-gray-200 border-b bg-white px-4 py-2">
      <Link
        to={`/space/${plugin.spaceId}/library?type=Plugin`}
        className={buttonClass("ghost", "sm")}
        aria-label="返回组件库"
        title="返回组件库"
      >
        <ArrowLeft className="size-4" aria-hidden />
      </Link>
      <AgentIcon name={plugin.name} icon={plugin.icon} size="sm" />
      <div className="flex min-w-0 flex-1 basis-48 flex-col">
        <h1 className="truncate font-semibold text-base">{plugin.name}</h1>
        <p className="flex items-center gap-2 text-[13px] text-gray-500">
          <Badge tone="primary">{pluginTypeLabels[plugin.type]}</Badge>
          {plugin.codeLang ? <Badge>{codeLanguageLabels[plugin.codeLang]}</Badge> : null}
          <span className="truncate">{plugin.description || "暂无描述"}</span>
        </p>
      </div>
      <PublishStatusBadge status={plugin.publishStatus} />
      {plugin.publishDate && plugin.publishDate < plugin.modified ? <Badge tone="warning">有更新未发布</Badge> : null}
      <Button type="submit" form={PLUGIN_FORM_ID} name="intent" value="save" size="sm" loading={saving}>
        <Save className="size-4" aria-hidden />
        保存
      </Button>
      <Link to={historyHref} preventScrollReset className={buttonClass("secondary", "sm")}>
        <History className="size-4" aria-hidden />
        历史
      </Link>
      {canPublish ? (
        <Link to={publishHref} className={buttonClass("secondary", "sm")}>
          <Send className="size-4" aria-hidden />
          发布
        </Link>
      ) : (
        <button type="button" disabled title="没有发布权限" className={buttonClass("secondary", "sm")}>
          <Send className="size-4" aria-hidden />
          发布
        </button>
      )}
    </header>
  );
}
