import { ExternalLink, MessageCircleQuestion } from "lucide-react";
import type { GuideQuestion } from "./types";

const chipClass =
  "flex max-w-full items-center gap-1.5 rounded-full border border-gray-200 bg-white px-3 py-1 text-left text-[13px] text-gray-700 hover:border-primary-200 hover:bg-primary-50 hover:text-primary-700 disabled:opacity-50";

interface ChatChipsProps {
  /** The composer's form id: a chip submits through it, so variables and the no-JS path come along. */
  formId: string;
  /** Follow-up suggestions, or the options of a question the agent asked. */
  suggestions: string[];
  /** The agent's opening questions, shown in an empty conversation. */
  guides?: GuideQuestion[];
  disabled?: boolean;
}

/** Clickable questions under the conversation: a click sends the question (links open in a new tab). */
export function ChatChips({ formId, suggestions, guides = [], disabled }: ChatChipsProps) {
  if (!suggestions.length && !guides.length) return null;
  return (
    <ul className="flex flex-col items-start gap-2" aria-label={suggestions.length ? "推荐问题" : "开场问题"}>
      {suggestions.map((s) => (
        <li key={s} className="max-w-full">
          <button type="submit" form={formId} name="chip" value={s} disabled={disabled} className={chipClass}>
            <MessageCircleQuestion className="size-3.5 shrink-0 text-gray-400" aria-hidden />
            {s}
          </button>
        </li>
      ))}
      {guides.map((g) => (
        <li key={`${g.type}-${g.info}`} className="max-w-full">
          {g.type === "Question" || !g.url ? (
            <button type="submit" form={formId} name="chip" value={g.info} disabled={disabled} className={chipClass}>
              <MessageCircleQuestion className="size-3.5 shrink-0 text-gray-400" aria-hidden />
              {g.info}
            </button>
          ) : (
            <a href={g.url} target="_blank" rel="noopener noreferrer" className={chipClass}>
              <ExternalLink className="size-3.5 shrink-0 text-gray-400" aria-hidden />
              {g.info}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
