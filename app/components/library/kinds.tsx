import { BookOpen, type LucideIcon, Plug, Table2, Workflow } from "lucide-react";
import type { LibraryItemDto } from "#contract/api/component";
import { knowledgePath, newKnowledgePath } from "../knowledge/paths";
import { pluginPath } from "../plugin/paths";
import { newTablePath, tablePath } from "../table/paths";

/** The component kinds a space's library lists and creates. */
export type LibraryKindType = "Plugin" | "Workflow" | "Knowledge" | "Table";

/**
 * What the 组件库 page knows of one kind. Each kind's web module fills its entry here (one place), so the
 * library page, its 新建 menu, row menus and confirmations never name a kind. Server-side commands (delete,
 * copy) live beside it in manage.server.ts.
 */
export interface LibraryKind {
  icon: LucideIcon;
  /** The create page; absent while the kind cannot be created from the library. */
  newHref?: (spaceId: number) => string;
  /** Where a row opens; absent: the row's name is plain text. */
  href?: (spaceId: number, item: LibraryItemDto) => string;
  /** What 删除's confirmation warns about beyond the name. */
  deleteWarning: string;
  /** 复制到空间 is offered. */
  copyable: boolean;
  empty: { title: string; description: string };
}

export const libraryKinds: Record<LibraryKindType, LibraryKind> = {
  Plugin: {
    icon: Plug,
    newHref: (spaceId) => `/space/${spaceId}/library/plugin/new`,
    href: (spaceId, item) => pluginPath({ id: item.id, spaceId, type: item.ext }),
    deleteWarning: "使用它的智能体将不能再调用它。",
    copyable: true,
    empty: {
      title: "还没有插件",
      description: "插件让智能体调用外部 HTTP 接口或运行一段代码，完成查询、计算等任务。点击“新建 → 插件”创建第一个。",
    },
  },
  Workflow: {
    icon: Workflow,
    newHref: (spaceId) => `/space/${spaceId}/library/workflow/new`,
    href: (spaceId, item) => `/space/${spaceId}/workflow/${item.id}`,
    deleteWarning: "使用它的智能体将不能再调用它。",
    copyable: true,
    empty: {
      title: "还没有工作流",
      description:
        "工作流把大模型、代码、知识库检索、条件分支等步骤编排成流程，供智能体调用。点击“新建 → 工作流”创建第一个。",
    },
  },
  Knowledge: {
    icon: BookOpen,
    newHref: (spaceId) => newKnowledgePath(spaceId),
    href: (spaceId, item) => knowledgePath({ spaceId, id: item.id }),
    deleteWarning: "其中的文档和分段会一并删除，使用它的智能体将不能再检索它。",
    copyable: false,
    empty: {
      title: "还没有知识库",
      description: "知识库存放文档，智能体回答时会检索其中的内容。点击“新建 → 知识库”创建第一个。",
    },
  },
  Table: {
    icon: Table2,
    newHref: (spaceId) => newTablePath(spaceId),
    href: (spaceId, item) => tablePath({ id: item.id, spaceId }),
    deleteWarning: "表中的数据会一并删除，使用它的智能体和工作流将不能再读写它。",
    copyable: false,
    empty: {
      title: "还没有数据表",
      description: "数据表是结构化的存储，智能体和工作流可以读写其中的数据。点击“新建 → 数据表”创建第一个。",
    },
  },
};

export const isLibraryKind = (type: string): type is LibraryKindType => Object.hasOwn(libraryKinds, type);
