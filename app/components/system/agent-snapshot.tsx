import { componentTypeLabels } from "#app/lib/labels";
import type { AgentSnapshot } from "#contract/api/agent-dto";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";

function Text({ value, empty }: { value: string; empty: string }) {
  if (!value.trim()) return <p className="text-gray-400">{empty}</p>;
  return (
    <pre className="max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-gray-50 p-3 font-sans text-gray-800">
      {value}
    </pre>
  );
}

/** What the auditor approves: the draft exactly as it was when the application was made. */
export function AgentSnapshotView({ snapshot }: { snapshot: AgentSnapshot }) {
  const components = (snapshot.components ?? []).filter((c) => c.type !== "Variable" || c.name);
  const questions = snapshot.guidQuestionDtos ?? [];
  return (
    <div className="grid gap-5">
      <Card title="系统提示词">
        <Text value={snapshot.systemPrompt ?? ""} empty="未设置提示词" />
      </Card>
      <Card title="开场白">
        <Text value={snapshot.openingChatMsg ?? ""} empty="未设置开场白" />
        {questions.length ? (
          <ul className="mt-3 flex flex-wrap gap-2">
            {questions.map((q) => (
              <li key={`${q.type}-${q.info}`} className="rounded-full border border-gray-200 px-3 py-1 text-[13px]">
                {q.info}
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
      <Card title="组件" description={`共 ${components.length} 个`}>
        {components.length ? (
          <ul className="flex flex-col divide-y divide-gray-100">
            {components.map((c) => (
              <li key={c.id} className="flex items-start gap-3 py-2">
                <Badge>{componentTypeLabels[c.type as keyof typeof componentTypeLabels] ?? c.type}</Badge>
                <div className="min-w-0">
                  <p className="font-medium">{c.name || "（未命名）"}</p>
                  {c.description ? <p className="text-[13px] text-gray-500">{c.description}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-400">没有绑定组件</p>
        )}
      </Card>
    </div>
  );
}
