import { BookOpen, ChevronLeft } from "lucide-react";
import { Link } from "react-router";
import { Tabs } from "#app/components/ui/tabs";
import { formatRelative } from "#app/lib/format";
import type { KnowledgeInfo } from "#contract/api/knowledge";
import { type KnowledgeTab, knowledgePath, knowledgeTabs } from "./paths";

/** Bytes as 1.2 MB / 340 KB. */
function sizeText(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The knowledge base's name, what it holds, its embedding model, and the tabs 文档 / QA问答 / 检索测试 / 设置. */
export function KnowledgeHeader({ kb, tab }: { kb: KnowledgeInfo; tab: KnowledgeTab }) {
  return (
    <header className="flex flex-col gap-4">
      <Link
        to={`/space/${kb.spaceId}/library?type=Knowledge`}
        className="inline-flex w-fit items-center gap-1 text-[13px] text-gray-500 hover:text-gray-800"
      >
        <ChevronLeft className="size-4" aria-hidden />
        组件库
      </Link>
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          <BookOpen className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="truncate font-semibold text-xl">{kb.name}</h1>
          {kb.description ? <p className="text-gray-500">{kb.description}</p> : null}
          <p className="mt-1 flex flex-wrap gap-x-3 text-[13px] text-gray-500">
            <span>{kb.docCount} 个文档</span>
            <span>{kb.segmentCount} 个分段</span>
            <span>{kb.qaCount} 条问答</span>
            <span>{sizeText(kb.fileSize)}</span>
            <span>向量模型：{kb.embeddingModelName}</span>
            <span suppressHydrationWarning>更新于 {formatRelative(kb.modified)}</span>
          </p>
        </div>
      </div>
      <div className="max-w-lg">
        <Tabs
          label="知识库内容"
          active={tab}
          items={knowledgeTabs.map((t) => ({ key: t.key, label: t.label, to: knowledgePath(kb, t.key) }))}
        />
      </div>
    </header>
  );
}
