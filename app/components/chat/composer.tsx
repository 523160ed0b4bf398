import { clsx } from "clsx";
import { FileText, Paperclip, Send, Square, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { toast } from "#app/lib/toast";
import type { ChatVariable } from "./types";
import type { Outgoing } from "./use-chat-stream";
import { ACCEPTED_FILES, MAX_ATTACHMENTS, type Upload, useUploads } from "./use-uploads";
import { missingRequired, variableParamsFrom } from "./variables";

function UploadChip({ upload, onRemove }: { upload: Upload; onRemove: () => void }) {
  return (
    <li
      className={clsx(
        "flex w-52 flex-col gap-1 rounded-md border bg-white px-2.5 py-1.5 text-[13px]",
        upload.status === "error" ? "border-danger-600/40" : "border-gray-200",
      )}
    >
      <div className="flex items-center gap-1.5">
        <FileText className="size-4 shrink-0 text-gray-500" aria-hidden />
        <span className="min-w-0 flex-1 truncate" title={upload.fileName}>
          {upload.fileName}
        </span>
        <button
          type="button"
          onClick={onRemove}
          className="rounded p-0.5 text-gray-400 hover:bg-gray-100 hover:text-gray-700"
          aria-label={`移除 ${upload.fileName}`}
        >
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
      {upload.status === "uploading" ? (
        <div
          className="h-1 overflow-hidden rounded bg-gray-100"
          role="progressbar"
          aria-label={`${upload.fileName} 上传进度`}
          aria-valuenow={upload.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-primary-500 transition-all" style={{ width: `${upload.progress}%` }} />
        </div>
      ) : upload.status === "error" ? (
        <p className="text-danger-600 text-xs">{upload.error}</p>
      ) : null}
    </li>
  );
}

interface ComposerProps {
  /** The form's id: suggestion chips elsewhere on the page submit through it (`form=`). */
  id: string;
  streaming: boolean;
  onSend: (message: Outgoing) => void;
  onStop: () => void;
  /** The agent's variables, sent with every message (the page shows the fields while they matter). */
  variables: ChatVariable[];
  /** Fields inside the form above the input, e.g. the variables form before the first message. */
  children?: ReactNode;
  /** Lets anonymous people on a temporary link attach files. */
  chatKey?: string;
  initialText?: string;
  /** Send `initialText` as soon as the page is interactive (the home page starts chats with ?message=). */
  autoSubmit?: boolean;
  onAutoSubmitted?: () => void;
  placeholder?: string;
  /** Where the form posts without JavaScript (defaults to the current page). */
  action?: string;
  /** Offer attachments: only when the agent's 文件盒 is on (the server refuses files otherwise). */
  attachments?: boolean;
}

/**
 * The message box. With JavaScript it streams (Enter sends, Shift+Enter adds a line, files upload with a
 * progress bar as soon as they are picked); without, it is a plain multipart form posting to the page.
 */
export function Composer(props: ComposerProps) {
  const { id, streaming, onSend, onStop, variables, chatKey } = props;
  const hydrated = useHydrated();
  const [text, setText] = useState(props.initialText ?? "");
  const uploads = useUploads(chatKey);
  const picker = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  // Goes through the normal submit path, so required variables are checked first (the browser says which).
  const autoSubmitted = useRef(false);
  const { autoSubmit, onAutoSubmitted } = props;
  useEffect(() => {
    if (!autoSubmit || autoSubmitted.current) return;
    autoSubmitted.current = true;
    form.current?.requestSubmit();
    onAutoSubmitted?.();
  }, [autoSubmit, onAutoSubmitted]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (streaming || uploads.busy) return;
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const chip = submitter instanceof HTMLButtonElement && submitter.name === "chip" ? submitter.value : null;
    const message = (chip ?? text).trim();
    if (!message && !uploads.attachments.length) return;
    const variableParams = variableParamsFrom(new FormData(e.currentTarget), variables);
    const missing = missingRequired(variables, variableParams);
    if (missing.length) {
      toast.error(`请填写必填参数：${missing.join("、")}`);
      return;
    }
    onSend({ text: message, attachments: uploads.attachments, variableParams });
    if (!chip) setText("");
    uploads.clear();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    e.currentTarget.form?.requestSubmit();
  };

  const pick = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    const room = MAX_ATTACHMENTS - uploads.uploads.length;
    if (list.length > room) toast.error(`每条消息最多 ${MAX_ATTACHMENTS} 个附件`);
    uploads.add(list.slice(0, Math.max(0, room)));
  };

  const canSend = !uploads.busy && (text.trim().length > 0 || uploads.attachments.length > 0);
  return (
    <form
      ref={form}
      id={id}
      method="post"
      action={props.action}
      encType="multipart/form-data"
      onSubmit={submit}
      className="shrink-0 border-gray-200 border-t bg-gray-50 px-4 pt-3 pb-4"
    >
      <input type="hidden" name="intent" value="send" />
      {props.children}
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 rounded-card border border-gray-300 bg-white p-2 focus-within:border-primary-500">
        {uploads.uploads.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="待发送的附件">
            {uploads.uploads.map((u) => (
              <UploadChip key={u.id} upload={u} onRemove={() => uploads.remove(u.id)} />
            ))}
          </ul>
        ) : null}
        <label htmlFor={`${id}-message`} className="sr-only">
          输入消息
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={Math.min(6, Math.max(2, text.split("\n").length))}
          maxLength={20_000}
          placeholder={props.placeholder ?? "输入消息，Enter 发送，Shift+Enter 换行"}
          className="w-full resize-none bg-transparent px-1.5 py-1 outline-none placeholder:text-gray-400"
        />
        <div className="flex items-center justify-between gap-2">
          {props.attachments === false ? (
            <span />
          ) : hydrated ? (
            <>
              <input
                ref={picker}
                type="file"
                multiple
                accept={ACCEPTED_FILES}
                className="hidden"
                aria-label="选择附件"
                onChange={(e) => {
                  pick(e.target.files);
                  e.target.value = "";
                }}
              />
              <button
                type="button"
                onClick={() => picker.current?.click()}
                className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
                aria-label="添加附件"
                title="添加附件"
              >
                <Paperclip className="size-4" aria-hidden />
              </button>
            </>
          ) : (
            <input type="file" name="file" multiple accept={ACCEPTED_FILES} aria-label="附件" className="text-[13px]" />
          )}
          {streaming ? (
            <button
              type="button"
              onClick={onStop}
              className="flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-[13px] hover:bg-gray-50"
            >
              <Square className="size-3.5 fill-current" aria-hidden />
              停止生成
            </button>
          ) : (
            <button
              type="submit"
              disabled={hydrated && !canSend}
              className="flex items-center gap-1.5 rounded-md bg-primary-600 px-3 py-1.5 text-[13px] text-white hover:bg-primary-700 disabled:bg-primary-200"
            >
              <Send className="size-3.5" aria-hidden />
              发送
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
