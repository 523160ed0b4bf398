import { runStatuses } from "./enums";
import { z } from "./zod";

/** A file attached to a chat message: ours only, with a signed expiring URL made when it is read. */
export const attachmentSchema = z.object({
  fileKey: z.string(),
  fileUrl: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageKinds = ["CHAT", "THINK", "QUESTION", "PROCESS_OUTPUT"] as const;
export type MessageKind = (typeof messageKinds)[number];

/** One tool, workflow or knowledge call of a turn as the step chip shows it. */
export const stepResultSchema = z.object({
  id: z.number(),
  executeId: z.string(),
  name: z.string(),
  type: z.string(),
  success: z.boolean().nullable(),
  error: z.string().nullable(),
  data: z.unknown(),
  input: z.unknown(),
  startTime: z.number(),
  endTime: z.number().nullable(),
});
export type StepResult = z.infer<typeof stepResultSchema>;

export const processingStepSchema = z.object({
  targetId: z.number(),
  name: z.string(),
  type: z.string(),
  status: z.enum(runStatuses).exclude(["CANCEL"]),
  executeId: z.string(),
  result: stepResultSchema,
  cardBindConfig: z.unknown().optional(),
  cardData: z.unknown().optional(),
});
export type ProcessingStep = z.infer<typeof processingStepSchema>;

export const finalResultSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  startTime: z.number(),
  endTime: z.number(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
  outputText: z.string(),
  componentExecuteResults: z.array(stepResultSchema),
});
export type FinalResult = z.infer<typeof finalResultSchema>;

export const chatMessageDeltaSchema = z.object({
  id: z.string(),
  role: z.literal("ASSISTANT"),
  messageType: z.literal("ASSISTANT"),
  type: z.enum(messageKinds),
  text: z.string(),
  finished: z.boolean(),
  finishReason: z.string().nullable(),
  time: z.number(),
  /** A QUESTION's options, in the original's shape. */
  ext: z.array(z.object({ content: z.string().optional() })).optional(),
});
export type ChatMessageDelta = z.infer<typeof chatMessageDeltaSchema>;

const frame = <T extends string, D extends z.ZodType>(eventType: T, data: D) =>
  z.object({
    requestId: z.string(),
    eventType: z.literal(eventType),
    data,
    error: z.string().nullable(),
    completed: z.boolean(),
  });

/**
 * The chat stream's frames (reference: original-frontend §2): one JSON object per `data:` line, discriminated by
 * `eventType`. FINAL_RESULT ends the stream; failures after streaming began arrive as ERROR or an unsuccessful
 * FINAL_RESULT.
 */
export const chatEventSchema = z.discriminatedUnion("eventType", [
  frame("PROCESSING", processingStepSchema),
  frame("MESSAGE", chatMessageDeltaSchema),
  frame("FINAL_RESULT", finalResultSchema),
  frame("ERROR", z.object({ message: z.string() }).nullable()),
  frame("HEART_BEAT", z.null()),
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;
export type EventType = ChatEvent["eventType"];

/** One chunk of an assistant stream (prompt / code optimisation): a bare message object, not wrapped in a frame. */
export const assistantChunkSchema = z.object({
  id: z.string(),
  role: z.literal("ASSISTANT"),
  type: z.enum(["CHAT", "THINK"]),
  text: z.string(),
  finished: z.boolean(),
  finishReason: z.string().nullable(),
});
export type AssistantChunk = z.infer<typeof assistantChunkSchema>;
