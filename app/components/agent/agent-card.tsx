import type { FormEvent } from "react";
import { Link, useFetchers, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { displayName, formatRelative } from "#app/lib/format";
import type { AgentDto } from "#contract/api/agent-dto";
import { SpriteIcon } from "../ui/icon-sprite";
import { Menu } from "../ui/menu";
import { AgentIcon } from "./agent-icon";
import { type AgentMenuAction, agentCardIcons, agentMenuEntries } from "./agent-menu";
import { PublishStatusBadge } from "./publish-status-badge";

/** What a card shows and acts on (the develop page's loader sends only these of each agent). */
export type AgentCardData = Pick<
  AgentDto,
  | "id"
  | "spaceId"
  | "name"
  | "description"
  | "icon"
  | "creator"
  | "modified"
  | "publishStatus"
  | "permissions"
  | "devCollected"
>;

export const agentCardData = (a: AgentDto): AgentCardData => ({
  id: a.id,
  spaceId: a.spaceId,
  name: a.name,
  description: a.description,
  icon: a.icon,
  creator: a.creator,
  modified: a.modified,
  publishStatus: a.publishStatus,
  permissions: a.permissions,
  devCollected: a.devCollected,
});

interface AgentCardProps {
  agent: AgentCardData;
  /** The develop page with one of the menu's confirmations open for this agent. */
  hrefFor: (action: AgentMenuAction) => string;
  /** The develop page with this card's menu open (`?menu=`), for the menu's trigger before JavaScript. */
  menuHref: string;
  /** This card's menu was asked for by the URL: drawn open. */
  menuOpen: boolean;
  /** What the list's cards share (useAgentCardActions): one set of router hooks for the whole page. */
  actions: AgentCardActions;
}

/** The fetcher of one card's star: each card's own, so stars clicked one after another all go through. */
const STAR_KEY = "agent-star-";
const starKey = (agentId: number) => `${STAR_KEY}${agentId}`;

/**
 * The cards' actions, made once by the list rather than by each card: a card's own useFetcher (with its form's
 * action resolved against the routes) and useSubmit were a few percent of 智能体开发's server render. The star
 * posts through the router as a fetcher keyed by its agent, as the card's own fetcher did; its pending intent is
 * read from the router's fetchers.
 */
export function useAgentCardActions() {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const fetchers = useFetchers();
  const starring = new Map<string, FormDataEntryValue | null>();
  for (const fetcher of fetchers) {
    if (fetcher.formData && fetcher.key.startsWith(STAR_KEY)) starring.set(fetcher.key, fetcher.formData.get("intent"));
  }
  return {
    hydrated,
    /** The star's intent being posted ("star" / "unstar"), if any. */
    starring: (agentId: number) => starring.get(starKey(agentId)),
    star: (event: FormEvent<HTMLFormElement>, agentId: number) => {
      event.preventDefault();
      // A form's submitter is its button (or an input of type submit).
      const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
      submit(submitter ?? event.currentTarget, {
        method: "post",
        navigate: false,
        fetcherKey: starKey(agentId),
        preventScrollReset: true,
      });
    },
    copy: (agentId: number) => submit({ intent: "copy", agentId }, { method: "post", preventScrollReset: true }),
  };
}

export type AgentCardActions = ReturnType<typeof useAgentCardActions>;

const menuTriggerClass = "flex size-7 items-center justify-center rounded hover:bg-gray-100";

/** The anchor of a card, so the page asked for with its menu open (`?menu=`) shows that card. */
export const agentCardAnchor = (agentId: number) => `agent-${agentId}`;

/**
 * One agent on the develop page: opens the editor; star and menu act on it in place. Its list renders the sprite
 * of `agentCardIcons`. Before JavaScript (and without it) the menu's trigger is a link to the page with this card's
 * menu open: drawing every card's menu of links made up about a ninth of the page's server render.
 */
export function AgentCard({ agent, hrefFor, menuHref, menuOpen, actions }: AgentCardProps) {
  const creator = agent.creator ? displayName(agent.creator) : "未知用户";
  const label = `${agent.name}的更多操作`;
  const trigger = <SpriteIcon sprite={agentCardIcons} name="More" className="size-4" />;
  return (
    <article
      id={agentCardAnchor(agent.id)}
      className="relative flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4 transition-shadow hover:shadow-md"
    >
      <div className="flex items-start gap-3">
        <AgentIcon name={agent.name} icon={agent.icon} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-base">
            {/* The whole card opens the editor; star and menu sit above this link. */}
            <Link to={`/space/${agent.spaceId}/agent/${agent.id}`} className="after:absolute after:inset-0">
              {agent.name}
            </Link>
          </h3>
          <p className="line-clamp-2 min-h-[2lh] text-gray-500">{agent.description || "暂无描述"}</p>
        </div>
        <StarToggle agentId={agent.id} starred={agent.devCollected} name={agent.name} actions={actions} />
      </div>
      <footer className="flex items-center gap-2 text-[13px] text-gray-500">
        <span className="truncate">{creator}</span>
        <span aria-hidden>·</span>
        <time dateTime={agent.modified} title={`最近修改：${agent.modified}`} suppressHydrationWarning>
          {formatRelative(agent.modified)}
        </time>
        <span className="ml-auto" />
        <PublishStatusBadge status={agent.publishStatus} />
        <div className="relative z-10">
          {actions.hydrated || menuOpen ? (
            <Menu
              label={label}
              align="end"
              triggerClassName={menuTriggerClass}
              trigger={trigger}
              defaultOpen={menuOpen}
              entries={agentMenuEntries(agent, {
                hrefFor,
                copyNow: () => actions.copy(agent.id),
              })}
            />
          ) : (
            <a href={menuHref} aria-label={label} className={menuTriggerClass}>
              {trigger}
            </a>
          )}
        </div>
      </footer>
    </article>
  );
}

/**
 * 开发收藏: with JavaScript it flips at once (optimistically); without, the form posts (to this page's address,
 * as the fetcher's form did) and the page reloads.
 */
function StarToggle({
  agentId,
  starred,
  name,
  actions,
}: {
  agentId: number;
  starred: boolean;
  name: string;
  actions: AgentCardActions;
}) {
  const pending = actions.starring(agentId);
  const on = pending ? pending === "star" : starred;
  return (
    <form method="post" className="relative z-10" onSubmit={(event) => actions.star(event, agentId)}>
      <input type="hidden" name="agentId" value={agentId} />
      <button
        type="submit"
        name="intent"
        value={on ? "unstar" : "star"}
        aria-pressed={on}
        aria-label={`收藏${name}`}
        title={on ? "取消收藏" : "收藏"}
        className="flex size-7 items-center justify-center rounded hover:bg-gray-100"
      >
        <SpriteIcon
          sprite={agentCardIcons}
          name="Star"
          className={on ? "size-4 fill-warning-500 text-warning-500" : "size-4 text-gray-400"}
        />
      </button>
    </form>
  );
}
