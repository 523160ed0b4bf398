import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";

interface EditorSectionProps {
  title: string;
  /** A short count or state shown beside the title, e.g. "2" or "已开启". */
  badge?: ReactNode;
  hint?: string;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** One collapsible config section (a <details>, so it opens and closes without JavaScript). */
export function EditorSection({ title, badge, hint, defaultOpen = true, children }: EditorSectionProps) {
  return (
    <details open={defaultOpen} className="group border-gray-100 border-b last:border-b-0">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 hover:bg-gray-50">
        <ChevronRight className="size-4 text-gray-400 transition-transform group-open:rotate-90" aria-hidden />
        <span className="font-medium">{title}</span>
        {badge !== undefined ? <span className="text-[13px] text-gray-500">{badge}</span> : null}
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4">
        {hint ? <p className="text-[13px] text-gray-500">{hint}</p> : null}
        {children}
      </div>
    </details>
  );
}

/** A group heading of the config column (技能, 知识, 记忆, 对话体验), as the original editor groups its sections. */
export function SectionGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-gray-200 bg-white">
      <h2 className="border-gray-100 border-b px-4 py-2 font-semibold text-[13px] text-gray-500">{title}</h2>
      {children}
    </section>
  );
}
