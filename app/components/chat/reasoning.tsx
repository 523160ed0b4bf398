import { Brain } from "lucide-react";
import { useState } from "react";

/**
 * The model's 思考过程: open while it is thinking, collapsed once the answer starts (and for stored
 * messages); the reader's own toggle wins from then on. A <details> element, so it works without JavaScript.
 */
export function Reasoning({ think, answering }: { think: string; answering: boolean }) {
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = choice ?? !answering;
  return (
    <details
      open={open}
      onToggle={(e) => {
        const next = e.currentTarget.open;
        if (next !== open) setChoice(next);
      }}
      className="group rounded-md border border-gray-200 bg-gray-50 text-[13px] text-gray-600"
    >
      <summary className="flex cursor-pointer select-none items-center gap-1.5 px-3 py-1.5 text-gray-500">
        <Brain className="size-4" aria-hidden />
        思考过程
        <span className="text-gray-400 text-xs group-open:hidden">（已折叠）</span>
      </summary>
      <p className="whitespace-pre-wrap border-gray-200 border-t px-3 py-2 leading-relaxed">{think}</p>
    </details>
  );
}
