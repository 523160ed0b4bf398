import type { Arg } from "#contract/args";
import { nodeKinds } from "#contract/workflow-nodes";
import { type Graph, type GraphNode, portTargets, readingOrder } from "./graph";
import { NodeIcon } from "./node-icons";

/** Chinese names of the settings the outline shows; other fields keep their key. */
const fieldLabels: Record<string, string> = {
  modelId: "模型",
  temperature: "温度",
  topP: "Top P",
  maxTokens: "最大回复长度",
  systemPrompt: "系统提示词",
  userPrompt: "用户提示词",
  outputType: "输出格式",
  codeLanguage: "语言",
  codeJavaScript: "JavaScript 代码",
  codePython: "Python 代码",
  code: "代码",
  returnType: "返回类型",
  content: "输出内容",
  answerType: "回答方式",
  question: "问题",
  maxReplyCount: "最多追问次数",
  loopType: "循环方式",
  loopTimes: "循环次数",
  configType: "变量操作",
  textHandleType: "处理方式",
  text: "文本",
  join: "连接符",
  splits: "分隔符",
  method: "请求方法",
  url: "请求地址",
  contentType: "请求体格式",
  timeout: "超时（秒）",
  sql: "SQL",
  tableId: "数据表",
  pluginId: "插件",
  searchStrategy: "检索方式",
  maxRecallCount: "最多召回",
  matchingDegree: "最低匹配度",
};
/** Fields drawn elsewhere in the outline (ports, arguments) or meaningless to a reader (position). */
const skipped = new Set([
  "extension",
  "inputArgs",
  "outputArgs",
  "variableArgs",
  "exceptionHandleConfig",
  "conditionBranchConfigs",
  "intentConfigs",
  "options",
  "headers",
  "queries",
  "body",
]);

const show = (value: unknown) =>
  typeof value === "string" ? value : value === null || value === undefined ? "" : JSON.stringify(value);

/** A reference `<nodeId>.<path>` as `节点名 - path`; literals as they are. */
function bindingText(arg: Arg, names: ReadonlyMap<number, string>) {
  if (arg.bindValueType !== "Reference") return show(arg.bindValue);
  const key = String(arg.bindValue ?? "");
  const [head = "", ...path] = key.split(".");
  const id = Number(head.split("-")[0]);
  return `引用 ${names.get(id) ?? head} - ${path.join(".")}`;
}

function ArgList({ title, args, names }: { title: string; args: unknown; names: ReadonlyMap<number, string> }) {
  if (!Array.isArray(args) || !args.length) return null;
  return (
    <div>
      <dt className="text-gray-500">{title}</dt>
      <dd>
        <ul className="list-disc pl-5">
          {(args as Arg[]).map((arg) => {
            const bound = bindingText(arg, names);
            return (
              <li key={arg.key ?? arg.name}>
                <code>{arg.name}</code> <span className="text-gray-500">({arg.dataType})</span>
                {bound ? ` = ${bound}` : ""}
              </li>
            );
          })}
        </ul>
      </dd>
    </div>
  );
}

function Settings({ node, names }: { node: GraphNode; names: ReadonlyMap<number, string> }) {
  const config = node.nodeConfig;
  const fields = Object.entries(config).filter(([k, v]) => !skipped.has(k) && show(v) !== "");
  return (
    <dl className="flex flex-col gap-1 text-[13px]">
      <ArgList title="输入" args={config.inputArgs} names={names} />
      <ArgList title="循环变量" args={config.variableArgs} names={names} />
      <ArgList title="输出" args={config.outputArgs} names={names} />
      {fields.map(([key, value]) => (
        <div key={key}>
          <dt className="text-gray-500">{fieldLabels[key] ?? key}</dt>
          <dd className="whitespace-pre-wrap break-all">{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function NodeItem({ graph, node, names }: { graph: Graph; node: GraphNode; names: ReadonlyMap<number, string> }) {
  const ports = portTargets(graph, node);
  return (
    <li id={`node-${node.id}`} className="flex flex-col gap-2 rounded-card border border-gray-200 bg-white p-4">
      <h3 className="flex items-center gap-2 font-medium">
        <NodeIcon type={node.type} />
        {node.name}
        <span className="font-normal text-[12px] text-gray-500">{nodeKinds[node.type]?.label ?? node.type}</span>
      </h3>
      {node.description ? <p className="text-[13px] text-gray-600">{node.description}</p> : null}
      <Settings node={node} names={names} />
      {node.type === "Loop" ? (
        <section aria-label={`${node.name}的循环体`} className="border-primary-200 border-l-2 pl-3">
          <h4 className="mb-2 text-[13px] text-gray-500">循环体</h4>
          <ol className="flex flex-col gap-2">
            {readingOrder(graph, node.id).map((child) => (
              <NodeItem key={child.id} graph={graph} node={child} names={names} />
            ))}
          </ol>
        </section>
      ) : null}
      {ports.some((p) => p.targets.length) ? (
        <ul className="text-[13px]">
          {ports.map(({ port, targets }) => (
            <li key={port.id}>
              {port.label ? `${port.label} → ` : "下一步 → "}
              {targets.length
                ? targets.map((t, i) => (
                    <span key={t.id}>
                      {i ? "、" : ""}
                      <a href={`#node-${t.id}`} className="text-primary-700 hover:underline">
                        {t.name}
                      </a>
                    </span>
                  ))
                : "（未连接）"}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The graph as a readable page (server-rendered; the page without JavaScript): nodes in order, branches, settings. */
export function WorkflowOutline({ graph }: { graph: Graph }) {
  const names = new Map(graph.nodes.map((n) => [n.id, n.name]));
  return (
    <section aria-label="工作流大纲" className="flex flex-col gap-3">
      <h2 className="font-semibold text-base">流程</h2>
      <p className="text-[13px] text-gray-500">画布需要 JavaScript；这里按执行顺序列出每个节点、它的设置和分支去向。</p>
      <ol className="flex flex-col gap-3">
        {readingOrder(graph).map((node) => (
          <NodeItem key={node.id} graph={graph} node={node} names={names} />
        ))}
      </ol>
    </section>
  );
}
