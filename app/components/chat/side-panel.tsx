import { X } from "lucide-react";
import { DebugDetails } from "./debug-details";
import { Markdown } from "./markdown";
import type { SidePanel as Panel, StandCard } from "./types";

function Card({ card }: { card: StandCard }) {
  const body = (
    <>
      {card.image ? (
        <img src={card.image} alt="" loading="lazy" className="aspect-video w-full rounded object-cover" />
      ) : null}
      {card.title ? <p className="font-medium text-gray-900">{card.title}</p> : null}
      {card.content ? <Markdown text={card.content} /> : null}
    </>
  );
  const className = "flex flex-col gap-2 rounded-card border border-gray-200 bg-white p-3 text-[13px]";
  return card.bindLinkUrl ? (
    <a
      href={card.bindLinkUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`${className} hover:border-primary-200`}
    >
      {body}
    </a>
  ) : (
    <div className={className}>{body}</div>
  );
}

/** The chat's right-hand panel: cards a step produced (Show_Stand) or one answer's debug details. */
export function SidePanel({ panel, overlay, onClose }: { panel: Panel; overlay?: boolean; onClose: () => void }) {
  if (panel.mode === "Hide") return null;
  const title = panel.mode === "Show_Stand" ? "卡片" : "调试详情";
  return (
    <aside
      aria-label={title}
      className={
        overlay
          ? "absolute inset-y-0 right-0 z-10 flex w-full max-w-sm flex-col border-gray-200 border-l bg-white shadow-xl"
          : "flex w-80 shrink-0 flex-col border-gray-200 border-l bg-white"
      }
    >
      <header className="flex items-center justify-between border-gray-200 border-b px-4 py-3">
        <h2 className="font-semibold">{title}</h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded p-1 text-gray-500 hover:bg-gray-100"
          aria-label="关闭面板"
        >
          <X className="size-4" aria-hidden />
        </button>
      </header>
      <div className="flex-1 overflow-y-auto p-4">
        {panel.mode === "Show_Stand" ? (
          <ul className="flex flex-col gap-3">
            {panel.cards.map((card, i) => (
              // Cards carry no id; their order within one answer is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i}>
                <Card card={card} />
              </li>
            ))}
          </ul>
        ) : panel.message.finalResult ? (
          <DebugDetails final={panel.message.finalResult} />
        ) : null}
      </div>
    </aside>
  );
}
