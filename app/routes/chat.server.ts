import type { AppLoadContext } from "react-router";
import { type Endpoint, endpoints } from "#contract/api";
import { chatEventSchema } from "#contract/chat";
import { type Envelope, fieldErrorsOf } from "#contract/envelope";
import type { Attachment, ChatVariable, ConversationView, FinalResult } from "../components/chat/types";
import { missingRequired, variableParamsFrom } from "../components/chat/variables";
import { redirectToLogin } from "../lib/api.server";
import { apiUpload } from "../lib/api-call.server";
import { postJsonToApi } from "../lib/relay.server";
import { readJsonStream } from "../lib/sse";
import "../lib/context";

/** A message posted by the no-JavaScript chat form: the text (or a clicked chip), variables and files. */
function readChatForm(form: FormData, variables: ChatVariable[]) {
  const chip = String(form.get("chip") ?? "").trim();
  const text = chip || String(form.get("message") ?? "").trim();
  const files = form.getAll("file").filter((f): f is File => f instanceof File && f.size > 0 && f.name !== "");
  return { text, files, variableParams: variableParamsFrom(form, variables) };
}

/** Stores files picked in the no-JavaScript form; `chatKey` for people on a temporary link. */
async function uploadFiles(context: AppLoadContext, request: Request, files: File[], chatKey?: string) {
  const attachments: Attachment[] = [];
  for (const file of files) {
    const body = new FormData();
    body.append("file", file);
    const { envelope } = await apiUpload(context, request, endpoints.file.upload, body, { query: { chatKey } });
    if (envelope.code === "4010" || envelope.code === "4011") throw redirectToLogin(request);
    if (envelope.code !== "0000") {
      const reason = fieldErrorsOf(envelope.data)?.file?.[0] ?? envelope.message;
      return { ok: false as const, error: `${file.name}：${reason}` };
    }
    const d = envelope.data;
    attachments.push({ fileKey: d.key, fileUrl: d.url, fileName: d.fileName, mimeType: d.mimeType });
  }
  return { ok: true as const, attachments };
}

/**
 * Runs one chat turn for a form without JavaScript: posts to the chat stream and reads it to FINAL_RESULT on
 * the server, so the page can redirect to the finished answer. Refusals come back as their Chinese message.
 */
async function runTurnToEnd(context: AppLoadContext, request: Request, stream: Endpoint<"POST">, body: unknown) {
  const res = await postJsonToApi(context, request, stream, body);
  if (!res.ok || !res.body) {
    const envelope = (await res.json().catch(() => null)) as Envelope<unknown> | null;
    if (envelope?.code === "4010" || envelope?.code === "4011") throw redirectToLogin(request);
    return { ok: false as const, error: envelope?.message ?? "发送失败，请稍后再试" };
  }
  let final: FinalResult | null = null;
  await readJsonStream(res.body, chatEventSchema, (event) => {
    if (event.eventType !== "FINAL_RESULT") return false;
    final = event.data;
    return true;
  });
  return { ok: true as const, final: final as FinalResult | null };
}

interface FormTurn {
  conversation: ConversationView;
  /** The stream to run the turn on: conversation.chat, or the temporary-link tempchat.completions. */
  stream: Endpoint<"POST">;
  /** The request body for the stream, from what the form carried. */
  body: (message: { message: string; attachments: Attachment[]; variableParams: Record<string, unknown> }) => unknown;
  chatKey?: string;
}

/**
 * The no-JavaScript send: reads the posted form, checks required variables before the first message, stores
 * the files and runs the turn to its end. Returns the Chinese reason when nothing was sent, else null.
 */
export async function sendFromForm(context: AppLoadContext, request: Request, form: FormData, turn: FormTurn) {
  const { variables } = turn.conversation.agent;
  const { text, files, variableParams } = readChatForm(form, variables);
  const firstTurn = !turn.conversation.messageList.some((m) => m.role === "USER");
  const missing = firstTurn ? missingRequired(variables, variableParams) : [];
  if (missing.length) return { error: `请填写必填参数：${missing.join("、")}`, text };
  // Refused before anything is stored: the server would refuse the message anyway.
  if (files.length && turn.conversation.agent.openFileBox !== "Open") {
    return { error: "该智能体未开启文件盒，不能发送附件", text };
  }
  const uploaded = await uploadFiles(context, request, files, turn.chatKey);
  if (!uploaded.ok) return { error: uploaded.error, text };
  if (!text && !uploaded.attachments.length) return { error: "请输入消息", text };
  const result = await runTurnToEnd(
    context,
    request,
    turn.stream,
    turn.body({ message: text, attachments: uploaded.attachments, variableParams }),
  );
  return { error: result.ok ? null : result.error, text };
}
