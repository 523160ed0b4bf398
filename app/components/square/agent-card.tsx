import { clsx } from "clsx";
import { MessageCircle, Star } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { displayName } from "#app/lib/format";
import { imageSrc } from "#app/lib/image-src";
import type { SquareAgent } from "./types";

/** The agent's picture, or its first character on a tinted square. */
export function AgentIcon({ name, icon, size = "md" }: { name: string; icon: string; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-14 text-xl" : "size-11 text-base";
  const shown = imageSrc(icon);
  if (shown) return <img src={shown} alt="" className={clsx(box, "shrink-0 rounded-lg object-cover")} />;
  return (
    <span
      aria-hidden
      className={clsx(box, "inline-flex shrink-0 items-center justify-center rounded-lg bg-primary-100 font-semibold")}
    >
      <span className="text-primary-700">{Array.from(name.trim())[0] ?? "?"}</span>
    </span>
  );
}

interface FavouriteReply {
  ok: boolean;
  collected?: boolean;
  message?: string;
}

/**
 * 收藏 as a small form: without JavaScript it posts and the page comes back (redirect); with it a fetcher
 * posts with `stay` and the star flips at once (the server's answer wins when it arrives).
 */
function FavouriteToggle({ agent }: { agent: SquareAgent }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FavouriteReply>({ key: `favourite-${agent.targetId}` });
  const pending = fetcher.formData?.get("intent");
  const collected = pending ? pending === "collect" : (fetcher.data?.collected ?? agent.collect);
  const count = agent.statistics.collectCount + (collected === agent.collect ? 0 : collected ? 1 : -1);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={collected ? "uncollect" : "collect"} />
      <input type="hidden" name="agentId" value={agent.targetId} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={collected}
        aria-label={`${collected ? "取消收藏" : "收藏"}「${agent.name}」`}
        className={clsx(
          "inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-gray-100",
          collected ? "text-warning-500" : "text-gray-500",
        )}
      >
        <Star className="size-4" aria-hidden fill={collected ? "currentColor" : "none"} />
        <span>收藏 {Math.max(0, count)}</span>
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** A square card: the body opens the agent; the footer shows the publisher, usage and the favourite toggle. */
export function AgentCard({ agent }: { agent: SquareAgent }) {
  const publisher = agent.publishUser ? displayName(agent.publishUser) : "未知用户";
  return (
    <article className="flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4 transition-shadow hover:shadow-md">
      <Link to={`/agent/${agent.targetId}`} className="flex min-w-0 gap-3">
        <AgentIcon name={agent.name} icon={agent.icon} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">{agent.name}</h3>
          <p className="line-clamp-2 min-h-[2lh] text-gray-500 text-[13px]">{agent.description || "暂无描述"}</p>
        </div>
      </Link>
      <footer className="flex items-center justify-between gap-2 text-[13px] text-gray-500">
        <span className="truncate" title={publisher}>
          {publisher}
        </span>
        <div className="flex shrink-0 items-center gap-2">
          <span className="inline-flex items-center gap-1" title="对话次数">
            <MessageCircle className="size-4" aria-hidden />
            <span>对话次数 {agent.statistics.convCount}</span>
          </span>
          <FavouriteToggle agent={agent} />
        </div>
      </footer>
    </article>
  );
}
