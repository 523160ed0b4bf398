import { useEffect } from "react";
import { ArgRows } from "./args";
import { argsOf } from "./args-state";
import { chooseTarget, mergeInputs, targetIdOf, validateTarget } from "./target";
import type { KindForm, KindFormProps } from "./types";
import { SelectField } from "./widgets";

/** 插件 / 工作流: choose a published target; its parameters become the node's inputs (bound here) and outputs. */
function TargetForm({ node, config, setNode, ctx }: KindFormProps) {
  const kind = node.type === "Plugin" ? "Plugin" : "Workflow";
  const id = targetIdOf(node);
  const list = kind === "Plugin" ? ctx.options.plugins : ctx.options.workflows.filter((w) => w.id !== ctx.graph.id);
  const target = ctx.options.target?.id === id ? ctx.options.target : null;
  const { loadTarget } = ctx;

  useEffect(() => {
    if (id) loadTarget(kind, id);
  }, [id, kind, loadTarget]);

  // The target's parameters arrived (or changed since the node was set up): bring the node's args in line.
  const inputs = argsOf(config.inputArgs);
  const merged = target ? mergeInputs(inputs, target.inputArgs) : null;
  const stale =
    target &&
    (JSON.stringify(merged) !== JSON.stringify(inputs) ||
      JSON.stringify(target.outputArgs) !== JSON.stringify(argsOf(config.outputArgs)));
  useEffect(() => {
    if (stale && target && merged) {
      setNode({ nodeConfig: { ...config, inputArgs: merged, outputArgs: target.outputArgs } });
    }
  });

  const options = list.map((t) => ({ value: String(t.id), label: t.name }));
  if (id && !options.some((o) => o.value === String(id))) {
    options.unshift({ value: String(id), label: target?.name ?? `${kind === "Plugin" ? "插件" : "工作流"} ${id}` });
  }
  const noun = kind === "Plugin" ? "插件" : "工作流";
  return (
    <>
      <SelectField
        label={noun}
        value={id ? String(id) : ""}
        placeholder={list.length ? `请选择${noun}` : `没有可用的已发布${noun}`}
        options={options}
        hint={`只能选择已发布的${noun}`}
        onChange={(v) => setNode(chooseTarget(node, v ? Number(v) : null))}
      />
      {id ? (
        <>
          <ArgRows
            title="输入参数"
            args={inputs}
            onChange={(inputArgs) => setNode({ nodeConfig: { ...config, inputArgs } })}
            bindable
            requirable
            fixed
            references={ctx.references}
            empty={target ? `该${noun}没有输入参数` : "正在读取参数…"}
          />
          <ArgRows
            title="输出参数"
            args={argsOf(config.outputArgs)}
            onChange={() => undefined}
            fixed
            nested
            empty={target ? `该${noun}没有输出参数` : "正在读取参数…"}
          />
        </>
      ) : null}
    </>
  );
}

export const targetForm: KindForm = { Form: TargetForm, validate: validateTarget };
