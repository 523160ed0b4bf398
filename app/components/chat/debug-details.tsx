import { componentLabel, StepIo } from "./step-chips";
import type { FinalResult } from "./types";

const seconds = (start?: number | null, end?: number | null) =>
  start && end && end >= start ? `${((end - start) / 1000).toFixed(2)} 秒` : "—";

/** One answer's run: tokens, duration and every component's input and output (from FINAL_RESULT). */
export function DebugDetails({ final }: { final: FinalResult }) {
  const stats = [
    { label: "耗时", value: seconds(final.startTime, final.endTime) },
    { label: "输入 Token", value: final.promptTokens },
    { label: "输出 Token", value: final.completionTokens },
    { label: "总 Token", value: final.totalTokens },
  ];
  return (
    <div className="flex flex-col gap-4 text-[13px]">
      <dl className="grid grid-cols-2 gap-2">
        {stats.map((s) => (
          <div key={s.label} className="rounded-md bg-gray-50 px-3 py-2">
            <dt className="text-gray-500 text-xs">{s.label}</dt>
            <dd className="font-medium text-gray-900">{s.value}</dd>
          </div>
        ))}
      </dl>
      {final.error ? <p className={final.success ? "text-gray-500" : "text-danger-600"}>{final.error}</p> : null}
      <section className="flex flex-col gap-2">
        <h3 className="font-medium text-gray-700">调用的组件</h3>
        {final.componentExecuteResults.length ? (
          <ul className="flex flex-col gap-2">
            {final.componentExecuteResults.map((r) => (
              <li key={r.executeId} className="rounded-md border border-gray-200 p-2.5">
                <details>
                  <summary className="flex cursor-pointer items-center gap-2">
                    <span className="text-gray-500">{componentLabel(r.type)}</span>
                    <span className="font-medium">{r.name}</span>
                    <span className={r.success === false ? "text-danger-600" : "text-success-600"}>
                      {r.success === false ? "失败" : "成功"}
                    </span>
                    <span className="ml-auto text-gray-400 text-xs">{seconds(r.startTime, r.endTime)}</span>
                  </summary>
                  <div className="mt-2">
                    <StepIo input={r.input} output={r.data} error={r.error} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-500">本次回答没有调用组件。</p>
        )}
      </section>
    </div>
  );
}
