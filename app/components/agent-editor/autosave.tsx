import { type DefaultValue, type getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from "react";
import { type FetcherWithComponents, useActionData, useFetcher, useFetchers } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod";
import { Button } from "../ui/button";
import type { EditorIntent, EditorReply } from "./schemas";

/** The original editor saves 1 s after the last change. */
const SAVE_DELAY_MS = 1000;

const ScheduleSave = createContext<() => void>(() => {});

/** For controls that change a form without an input event (a preset filling fields, a removed row). */
export const useScheduleSave = () => useContext(ScheduleSave);

interface SectionFormProps {
  fetcher: FetcherWithComponents<unknown>;
  intent: EditorIntent;
  /** conform's getFormProps(form): id, validation on submit. */
  formProps: ReturnType<typeof getFormProps>;
  className?: string;
  children: ReactNode;
}

/**
 * One editor section's form. With JavaScript it saves itself a second after the last edit (through its
 * fetcher, validated by conform first); without JavaScript it is a plain form with a 保存 button.
 */
export function SectionForm({ fetcher, intent, formProps, className, children }: SectionFormProps) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => formRef.current?.requestSubmit(), SAVE_DELAY_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <ScheduleSave.Provider value={schedule}>
      <fetcher.Form
        method="post"
        preventScrollReset
        {...formProps}
        ref={formRef}
        onInput={hydrated ? schedule : undefined}
        className={className ?? "flex flex-col gap-3"}
      >
        <input type="hidden" name="intent" value={intent} />
        {hydrated ? <input type="hidden" name="autosave" value="1" /> : null}
        {children}
        {hydrated ? null : (
          <div>
            <Button type="submit" size="sm" variant="secondary">
              保存
            </Button>
          </div>
        )}
      </fetcher.Form>
    </ScheduleSave.Provider>
  );
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 保存中… while any editor form is on its way, else 已保存 · HH:mm of the agent's last change. */
export function SaveIndicator({ modified }: { modified: string }) {
  const saving = useFetchers().some((f) => f.state !== "idle");
  if (saving) {
    return (
      <span role="status" className="flex items-center gap-1 text-[13px] text-gray-500">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        保存中…
      </span>
    );
  }
  const at = new Date(modified);
  return (
    <span role="status" className="flex items-center gap-1 text-[13px] text-gray-500" suppressHydrationWarning>
      <CircleCheck className="size-4 text-success-600" aria-hidden />
      已保存 · {pad(at.getHours())}:{pad(at.getMinutes())}
    </span>
  );
}

/**
 * A section's conform form and fetcher. Its errors come from its own fetcher (with JavaScript) or from the
 * page's action data (a plain POST without it); `key` tells apart several forms of one intent (variables).
 */
export function useEditorForm<Schema extends z.ZodObject>(
  intent: EditorIntent,
  schema: Schema,
  defaultValue: DefaultValue<z.input<Schema>>,
  key?: string,
) {
  const fetcher = useFetcher<EditorReply>();
  const pageReply = useActionData() as EditorReply | undefined;
  const lastResult = [fetcher.data, pageReply].find((r) => r?.intent === intent && r.key === key)?.result;
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: key ? `${intent}-${key}` : intent,
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return { fetcher, form, fields };
}
