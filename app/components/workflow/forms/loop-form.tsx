import { useMemo } from "react";
import { ArgRows } from "./args";
import { argsOf } from "./args-state";
import { loopBodyOf, referenceOptions } from "./graph";
import { type LoopType, loopTypeLabels, loopTypeOf, setLoopType, validateLoop } from "./loop";
import type { KindForm, KindFormProps } from "./types";
import { NumberField, RadioGroup } from "./widgets";

const typeOptions = (Object.entries(loopTypeLabels) as [LoopType, string][]).map(([value, label]) => ({
  value,
  label,
}));

/**
 * 循环: how it repeats (over arrays, a number of times, until 终止循环), the loop variables the body may read and
 * set, and its outputs — collected from a body node (one value per iteration) or a variable's final value.
 */
function LoopForm({ node, config, set, ctx }: KindFormProps) {
  const type = loopTypeOf(config);
  const body = useMemo(() => referenceOptions(loopBodyOf(ctx.graph, node.id)), [ctx.graph, node.id]);
  return (
    <>
      <RadioGroup label="循环类型" value={type} options={typeOptions} onChange={(v) => set(setLoopType(config, v))} />
      {type === "SPECIFY_TIMES_LOOP" ? (
        <NumberField
          label="循环次数"
          value={config.loopTimes as number | null}
          min={1}
          max={1000}
          onChange={(loopTimes) => set({ loopTimes })}
        />
      ) : null}
      {type === "ARRAY_LOOP" ? (
        <ArgRows
          title="循环数组"
          hint="循环体内以「参数名_item」读取当前项，以 INDEX 读取序号"
          args={argsOf(config.inputArgs)}
          onChange={(inputArgs) => set({ inputArgs })}
          bindable
          references={ctx.references.filter((o) => o.dataType.startsWith("Array_"))}
        />
      ) : null}
      {type === "INFINITE_LOOP" ? (
        <p className="text-[12px] text-gray-500">循环体内用「终止循环」节点结束循环；最多执行 1000 次。</p>
      ) : null}
      <ArgRows
        title="循环变量"
        hint="循环体内可读取并用「变量」节点修改，在各次循环间保留"
        args={argsOf(config.variableArgs)}
        onChange={(variableArgs) => set({ variableArgs })}
        bindable
        references={ctx.references}
      />
      <ArgRows
        title="输出参数"
        hint="引用循环体内节点的输出时，得到每次循环的结果组成的数组"
        args={argsOf(config.outputArgs)}
        onChange={(outputArgs) => set({ outputArgs })}
        bindable
        references={[...body, ...ctx.references]}
      />
    </>
  );
}

export const loopForm: KindForm = {
  Form: LoopForm,
  validate: (node, references, graph) =>
    validateLoop(node.nodeConfig ?? {}, references, referenceOptions(loopBodyOf(graph, node.id))),
};
