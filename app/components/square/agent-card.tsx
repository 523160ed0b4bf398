import { clsx } from "clsx";
import { Link } from "react-router";
import { FAVOURITE_ACTION, FavouriteToggle } from "#app/components/favourite/favourite-toggle";
import { displayName } from "#app/lib/format";
import { imageSrc } from "#app/lib/image-src";
import { SpriteIcon } from "../ui/icon-sprite";
import { squareCardIcons } from "./square-card-icons";
import type { SquareCardData } from "./types";

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

/**
 * A square card: the body opens the agent; the footer shows the publisher, usage and the favourite toggle (which
 * comes back to `back`, the page's own URL, without JavaScript). Its list renders the sprite of `squareCardIcons`.
 */
export function AgentCard({ agent, back }: { agent: SquareCardData; back: string }) {
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
            <SpriteIcon sprite={squareCardIcons} name="MessageCircle" className="size-4" />
            <span>对话次数 {agent.statistics.convCount}</span>
          </span>
          <FavouriteToggle
            id={`Agent-${agent.targetId}`}
            name={agent.name}
            collected={agent.collect}
            count={agent.statistics.collectCount}
            action={FAVOURITE_ACTION}
            fields={{ kind: "Agent", targetId: agent.targetId, redirectTo: back }}
            starSprite={squareCardIcons}
          />
        </div>
      </footer>
    </article>
  );
}
