import { workflowSystemVariables } from "#contract/system-variables";
import { ArgRows } from "./args";
import { argsOf, validateArgs } from "./args-state";
import type { FormNode } from "./graph";
import type { KindForm, KindFormProps } from "./types";
import { Section } from "./widgets";

/** 开始: the workflow's parameters — what a caller (an agent, a test run) provides; the nodes reference them. */
function StartForm({ config, set }: KindFormProps) {
  return (
    <>
      <ArgRows
        title="输入参数"
        hint="工作流被调用时需要提供的参数；试运行时按这些参数生成表单"
        args={argsOf(config.inputArgs)}
        onChange={(inputArgs) => set({ inputArgs })}
        nested
        described
        requirable
      />
      <Section
        title="系统变量"
        hint="运行时自动提供，后续节点可引用为「开始 - 变量名」；不在对话中运行时（试运行、触发器），智能体与会话相关的值为空"
      >
        <ul className="flex flex-col gap-1 text-[12px]">
          {workflowSystemVariables.map((v) => (
            <li key={v.name}>
              <code className="text-gray-800">{v.name}</code>{" "}
              <span className="text-gray-500">
                {v.displayName}（{v.dataType}）
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

export const validateStart = (node: FormNode) =>
  validateArgs(argsOf(node.nodeConfig?.inputArgs), { label: "输入参数" });

export const startForm: KindForm = { Form: StartForm, validate: validateStart };
