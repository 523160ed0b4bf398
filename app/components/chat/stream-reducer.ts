import type { ChatMessageDelta } from "#contract/chat";
import type { ChatEvent, ChatMessage, FinalResult, ProcessingStep, StandCard } from "./types";

/** One answer as its stream builds it up; the chat copies it into React state every 200 ms. */
export interface Turn {
  answer: ChatMessage;
  /** Options a QUESTION chunk offered; they replace the suggestion chips (null: no question asked). */
  questionOptions: string[] | null;
  /** Cards of finished steps in this turn (cards accumulate within one request). */
  cards: StandCard[];
  /** FINAL_RESULT arrived: the stream is over. */
  done: boolean;
}

export const startTurn = (answer: ChatMessage): Turn => ({ answer, questionOptions: null, cards: [], done: false });

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/** LIST cards drop empty objects; SINGLE shows one card (reference §2.3). */
function cardsOf(step: ProcessingStep): StandCard[] {
  const config = step.cardBindConfig as { bindCardStyle?: string; cardKey?: string } | undefined;
  if (!config || step.cardData == null) return [];
  const list = (Array.isArray(step.cardData) ? step.cardData : [step.cardData]).filter(
    (c): c is Record<string, unknown> => isObject(c) && Object.keys(c).length > 0,
  );
  const chosen = config.bindCardStyle === "LIST" ? list : list.slice(0, 1);
  return chosen.map((c) => ({ ...c, cardKey: config.cardKey ?? "template-1" }) as StandCard);
}

function applyMessage(turn: Turn, data: ChatMessageDelta): Turn {
  const text = data.text;
  const answer = turn.answer;
  if (data.type === "THINK")
    return { ...turn, answer: { ...answer, think: answer.think + text, status: "incomplete" } };
  if (data.type === "QUESTION") {
    const options = (data.ext ?? []).map((e) => e.content ?? "").filter(Boolean);
    return { ...turn, questionOptions: options, answer: { ...answer, text: answer.text + text, status: "incomplete" } };
  }
  return { ...turn, answer: { ...answer, text: answer.text + text, status: "incomplete" } };
}

function applyStep(turn: Turn, step: ProcessingStep): Turn {
  // Older clients wiped the text when executeId was missing; every step is keyed by it here.
  const executeId = step.executeId || step.result.executeId;
  const withId = { ...step, executeId };
  const steps = turn.answer.steps.some((s) => s.executeId === executeId)
    ? turn.answer.steps.map((s) => (s.executeId === executeId ? withId : s))
    : [...turn.answer.steps, withId];
  const status = turn.answer.status === "loading" ? "incomplete" : turn.answer.status;
  const cards = step.status === "FINISHED" ? cardsOf(step) : [];
  return {
    ...turn,
    answer: { ...turn.answer, steps, status },
    cards: cards.length ? [...turn.cards, ...cards] : turn.cards,
  };
}

function applyFinal(turn: Turn, final: FinalResult): Turn {
  const answer = turn.answer;
  let status: ChatMessage["status"] = "complete";
  if (!final.success || answer.status === "error") status = "error";
  // A stopped answer succeeds with the note "已停止生成".
  else if (final.error) status = "stopped";
  return {
    ...turn,
    done: true,
    answer: { ...answer, status, finalResult: final, error: status === "error" ? (final.error ?? answer.error) : null },
  };
}

/** Applies one stream event to the answer being built (reference: original-frontend §2.3). */
export function applyEvent(turn: Turn, event: ChatEvent): Turn {
  const withRequest =
    event.requestId && turn.answer.requestId !== event.requestId
      ? { ...turn, answer: { ...turn.answer, requestId: event.requestId } }
      : turn;
  switch (event.eventType) {
    case "MESSAGE":
      return applyMessage(withRequest, event.data);
    case "PROCESSING":
      return applyStep(withRequest, event.data);
    case "FINAL_RESULT":
      return applyFinal(withRequest, event.data);
    case "ERROR": {
      const error = event.error || event.data?.message || "";
      return { ...withRequest, answer: { ...withRequest.answer, status: "error", error: error || "回复生成失败" } };
    }
    default:
      return withRequest;
  }
}
