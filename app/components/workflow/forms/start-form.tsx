import { ArgRows } from "./args";
import { argsOf, validateArgs } from "./args-state";
import type { FormNode } from "./graph";
import type { KindForm, KindFormProps } from "./types";

/** 开始: the workflow's parameters — what a caller (an agent, a test run) provides; the nodes reference them. */
function StartForm({ config, set }: KindFormProps) {
  return (
    <ArgRows
      title="输入参数"
      hint="工作流被调用时需要提供的参数；试运行时按这些参数生成表单"
      args={argsOf(config.inputArgs)}
      onChange={(inputArgs) => set({ inputArgs })}
      nested
      described
      requirable
    />
  );
}

export const validateStart = (node: FormNode) =>
  validateArgs(argsOf(node.nodeConfig?.inputArgs), { label: "输入参数" });

export const startForm: KindForm = { Form: StartForm, validate: validateStart };
