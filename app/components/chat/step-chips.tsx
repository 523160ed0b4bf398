import { clsx } from "clsx";
import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import { type AgentComponentType, componentTypeLabels } from "#app/lib/labels";
import type { ProcessingStep } from "./types";

export const stepStatusLabels: Record<ProcessingStep["status"], string> = {
  EXECUTING: "执行中",
  FINISHED: "已完成",
  FAILED: "失败",
};

/** The chip's status word; a workflow that stopped at a QA node waits for the user's next message. */
export function stepStatusText(step: Pick<ProcessingStep, "status" | "result">) {
  const data = step.result?.data as { status?: unknown } | null | undefined;
  return data?.status === "STOP_WAIT_ANSWER" ? "等待回答" : stepStatusLabels[step.status];
}

export const componentLabel = (type: string) => componentTypeLabels[type as AgentComponentType] ?? type;

/** Any value as indented JSON for the input/output panes; strings stay as they are. */
export function asJson(value: unknown) {
  if (value === undefined || value === null) return "（无）";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}

function StatusIcon({ status }: { status: ProcessingStep["status"] }) {
  if (status === "EXECUTING") return <LoaderCircle className="size-3.5 animate-spin text-primary-600" aria-hidden />;
  if (status === "FAILED") return <CircleX className="size-3.5 text-danger-600" aria-hidden />;
  return <CircleCheck className="size-3.5 text-success-600" aria-hidden />;
}

/** Input and output of one step as JSON. */
export function StepIo({ input, output, error }: { input: unknown; output: unknown; error?: string | null }) {
  return (
    <div className="flex flex-col gap-2 text-xs">
      <div>
        <p className="mb-1 font-medium text-gray-600">输入</p>
        <pre className="max-h-60 overflow-auto rounded bg-gray-50 p-2 text-gray-800">{asJson(input)}</pre>
      </div>
      <div>
        <p className="mb-1 font-medium text-gray-600">{error ? "错误" : "输出"}</p>
        <pre
          className={clsx("max-h-60 overflow-auto rounded p-2", error ? "bg-danger-50 text-danger-700" : "bg-gray-50")}
        >
          {error ?? asJson(output)}
        </pre>
      </div>
    </div>
  );
}

/** The answer's processing steps (plugins, workflows, knowledge…) as compact chips that expand to their I/O. */
export function StepChips({ steps }: { steps: ProcessingStep[] }) {
  if (!steps.length) return null;
  return (
    <ul className="flex flex-col gap-1.5" aria-label="执行步骤">
      {steps.map((step) => (
        <li key={step.executeId}>
          <details className="group w-fit max-w-full rounded-md border border-gray-200 bg-white text-[13px] open:w-full">
            <summary className="flex cursor-pointer select-none items-center gap-1.5 px-2.5 py-1 text-gray-700">
              <StatusIcon status={step.status} />
              <span className="text-gray-500">{componentLabel(step.type)}</span>
              <span className="font-medium">{step.name}</span>
              <span className="text-gray-400 text-xs">{stepStatusText(step)}</span>
            </summary>
            <div className="border-gray-100 border-t p-2.5">
              <StepIo input={step.result?.input} output={step.result?.data} error={step.result?.error} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
