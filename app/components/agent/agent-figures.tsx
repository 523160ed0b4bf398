import type { AgentDto } from "#contract/api/agent-dto";

/** The four figures of the original 智能体概览 dialog. */
export function AgentFigures({ statistics }: { statistics: AgentDto["agentStatistics"] }) {
  const figures = [
    { label: "对话人数", value: statistics.userCount },
    { label: "对话次数", value: statistics.convCount },
    { label: "收藏用户数", value: statistics.collectCount },
    { label: "点赞次数", value: statistics.likeCount },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map((f) => (
        <div key={f.label} className="rounded-md bg-gray-50 px-3 py-2">
          <dt className="text-[13px] text-gray-500">{f.label}</dt>
          <dd className="font-semibold text-xl">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
