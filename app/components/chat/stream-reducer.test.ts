import { describe, expect, it } from "vitest";
import { chatEventSchema } from "#contract/chat";
import { applyEvent, startTurn, type Turn } from "./stream-reducer";
import type { ChatEvent, ChatMessage } from "./types";

const answer = (): ChatMessage => ({
  key: "a",
  role: "ASSISTANT",
  text: "",
  think: "",
  attachments: [],
  status: "loading",
  steps: [],
  finalResult: null,
  requestId: null,
  error: null,
  opening: false,
});

/** A frame as the stream reader hands it over: checked against the contract, so a test cannot feed a shape the server never sends. */
const frame = (eventType: ChatEvent["eventType"], data: unknown, extra: { error?: string } = {}): ChatEvent =>
  chatEventSchema.parse({ requestId: "r1", eventType, data, error: null, completed: false, ...extra });

const message = (type: string, text: string, extra: Record<string, unknown> = {}) =>
  frame("MESSAGE", {
    id: "r1",
    role: "ASSISTANT",
    messageType: "ASSISTANT",
    type,
    text,
    finished: false,
    finishReason: null,
    time: 1,
    ...extra,
  });

const run = (events: ChatEvent[]) => events.reduce<Turn>(applyEvent, startTurn(answer()));

const final = (extra: Record<string, unknown> = {}) =>
  frame("FINAL_RESULT", {
    success: true,
    error: null,
    startTime: 1,
    endTime: 2,
    promptTokens: 1,
    completionTokens: 2,
    totalTokens: 3,
    outputText: "",
    componentExecuteResults: [],
    ...extra,
  });

const step = (status: string, extra: Record<string, unknown> = {}) => ({
  targetId: 1,
  name: "查询天气",
  type: "Plugin",
  status,
  executeId: "e1",
  result: {
    id: 1,
    executeId: "e1",
    name: "查询天气",
    type: "Plugin",
    success: status === "FINISHED" ? true : null,
    error: null,
    input: { city: "北京" },
    data: status === "FINISHED" ? { t: 20 } : null,
    startTime: 1,
    endTime: status === "FINISHED" ? 2 : null,
  },
  ...extra,
});

describe("applyEvent", () => {
  it("appends reasoning and answer deltas and completes on FINAL_RESULT", () => {
    const turn = run([
      message("THINK", "先想"),
      message("THINK", "一想"),
      frame("HEART_BEAT", null),
      message("CHAT", "你好"),
      message("CHAT", "！"),
    ]);
    expect(turn.answer).toMatchObject({ think: "先想一想", text: "你好！", status: "incomplete", requestId: "r1" });
    expect(turn.done).toBe(false);
    const done = applyEvent(turn, final());
    expect(done.done).toBe(true);
    expect(done.answer.status).toBe("complete");
    expect(done.answer.finalResult?.totalTokens).toBe(3);
  });

  it("keeps one entry per step, updated from EXECUTING to FINISHED", () => {
    const turn = run([frame("PROCESSING", step("EXECUTING")), frame("PROCESSING", step("FINISHED"))]);
    expect(turn.answer.steps).toHaveLength(1);
    expect(turn.answer.steps[0]?.status).toBe("FINISHED");
    expect(turn.cards).toEqual([]);
  });

  it("takes the step's executeId from its result when the top level lacks it", () => {
    const turn = run([frame("PROCESSING", step("EXECUTING", { executeId: "" }))]);
    expect(turn.answer.steps[0]?.executeId).toBe("e1");
  });

  it("collects cards of finished steps: LIST drops empty objects, SINGLE keeps one", () => {
    const list = run([
      frame(
        "PROCESSING",
        step("FINISHED", {
          cardBindConfig: { cardKey: "template-2", bindCardStyle: "LIST" },
          cardData: [{ title: "甲" }, {}, { title: "乙" }],
        }),
      ),
    ]);
    expect(list.cards.map((c) => c.title)).toEqual(["甲", "乙"]);
    expect(list.cards[0]?.cardKey).toBe("template-2");
    const single = run([
      frame(
        "PROCESSING",
        step("FINISHED", { cardBindConfig: { cardKey: "template-1" }, cardData: [{ title: "甲" }, { title: "乙" }] }),
      ),
    ]);
    expect(single.cards.map((c) => c.title)).toEqual(["甲"]);
  });

  it("turns a QUESTION chunk's options into chips", () => {
    const turn = run([message("QUESTION", "选哪个？", { ext: [{ content: "A" }, { content: "B" }] })]);
    expect(turn.questionOptions).toEqual(["A", "B"]);
    expect(turn.answer.text).toBe("选哪个？");
  });

  it("marks errors and keeps the reason", () => {
    const turn = run([
      message("CHAT", "半句"),
      frame("ERROR", { message: "模型服务出错" }, { error: "模型服务出错" }),
      final({ success: false, error: "模型服务出错" }),
    ]);
    expect(turn.answer).toMatchObject({ status: "error", error: "模型服务出错", text: "半句" });
  });

  it("shows a stopped answer as stopped, not failed", () => {
    const turn = run([message("CHAT", "半句"), final({ error: "已停止生成" })]);
    expect(turn.answer.status).toBe("stopped");
    expect(turn.answer.error).toBeNull();
  });
});
