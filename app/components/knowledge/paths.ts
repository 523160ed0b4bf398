/** The knowledge page's tabs, in the order shown; the tab lives in the address (?tab=). */
export const knowledgeTabs = [
  { key: "docs", label: "文档" },
  { key: "qa", label: "QA问答" },
  { key: "search", label: "检索测试" },
  { key: "settings", label: "设置" },
] as const;
export type KnowledgeTab = (typeof knowledgeTabs)[number]["key"];

export const knowledgePath = (kb: { spaceId: number; id: number }, tab?: KnowledgeTab) =>
  `/space/${kb.spaceId}/knowledge/${kb.id}${tab && tab !== "docs" ? `?tab=${tab}` : ""}`;

export const knowledgeAddPath = (kb: { spaceId: number; id: number }, kind: "file" | "text") =>
  `/space/${kb.spaceId}/knowledge/${kb.id}/add?kind=${kind}`;

export const newKnowledgePath = (spaceId: number) => `/space/${spaceId}/library/knowledge/new`;

/** What the upload accepts (SPEC §5); the backend checks the type again. */
export const KNOWLEDGE_FILE_TYPES = ".docx,.pdf,.md,.txt,.json,.doc";

/** A document is still being processed (analysing, segmenting, generating QA, vectorising). */
export const inProgress = (code: number) => code !== 2 && code !== 10;
