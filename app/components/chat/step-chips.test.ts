import { describe, expect, it } from "vitest";
import { processingStepSchema } from "#contract/chat";
import { stepStatusText } from "./step-chips";
import { applyEvent, startTurn } from "./stream-reducer";
import type { ChatEvent } from "./types";

/** A workflow step as the chat stream sends it (checked against the contract). */
const workflowStep = (status: "EXECUTING" | "FINISHED" | "FAILED", data: unknown = null, error: string | null = null) =>
  processingStepSchema.parse({
    targetId: 7,
    name: "问名字",
    type: "Workflow",
    status,
    executeId: "call-1",
    result: {
      id: 7,
      executeId: "call-1",
      name: "问名字",
      type: "Workflow",
      success: status !== "FAILED",
      error,
      data,
      input: {},
      startTime: 1,
      endTime: 2,
    },
  });

describe("workflow steps in the chat", () => {
  it("says a run paused at a QA node waits for an answer, other runs by their status", () => {
    expect(stepStatusText(workflowStep("FINISHED", { status: "STOP_WAIT_ANSWER", question: "你叫什么名字？" }))).toBe(
      "等待回答",
    );
    expect(stepStatusText(workflowStep("FINISHED", "你好，小明"))).toBe("已完成");
    expect(stepStatusText(workflowStep("FAILED", null, "工作流运行失败：节点「查库存」执行失败"))).toBe("失败");
    expect(stepStatusText(workflowStep("EXECUTING"))).toBe("执行中");
  });

  it("puts Output text into the answer while the run goes, then the step and the model's text", () => {
    const answer = {
      key: "a",
      role: "ASSISTANT" as const,
      text: "",
      think: "",
      attachments: [],
      status: "loading" as const,
      steps: [],
      finalResult: null,
      requestId: null,
      error: null,
      opening: false,
    };
    const frame = (eventType: string, data: unknown) =>
      ({ requestId: "r1", eventType, data, error: null, completed: false }) as ChatEvent;
    const chunk = (type: string, text: string) =>
      frame("MESSAGE", {
        id: "r1",
        role: "ASSISTANT",
        messageType: "ASSISTANT",
        type,
        text,
        finished: false,
        finishReason: null,
        time: 1,
      });
    const turn = [
      frame("PROCESSING", workflowStep("EXECUTING")),
      chunk("PROCESS_OUTPUT", "正在查询上海…\n\n"),
      frame("PROCESSING", workflowStep("FINISHED", "上海今天晴")),
      chunk("CHAT", "结果：上海今天晴"),
    ].reduce(applyEvent, startTurn(answer));
    expect(turn.answer.text).toBe("正在查询上海…\n\n结果：上海今天晴");
    expect(turn.answer.steps.map((s) => [s.type, s.status])).toEqual([["Workflow", "FINISHED"]]);
  });
});
