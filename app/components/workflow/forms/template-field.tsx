import { clsx } from "clsx";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { controlClass } from "#app/components/ui/input";
import { applyCompletion, completionAt, matchNames } from "./template";

interface TemplateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The names `{{` offers: the node's input (or, for End/Output, output) argument names. */
  names: readonly string[];
  placeholder?: string;
  rows?: number;
  hint?: string;
  error?: string;
}

/**
 * A prompt or template box: typing `{{` opens a list of the node's variable names (arrows and Enter or Tab
 * choose, Esc closes), announced to screen readers as the textarea's autocomplete list.
 */
export function TemplateField({
  label,
  value,
  onChange,
  names,
  placeholder,
  rows = 4,
  hint,
  error,
}: TemplateFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const area = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = open ? matchNames(names, open.query) : [];
  const showing = open !== null && matches.length > 0;

  const track = (text: string, caret: number) => {
    const next = completionAt(text, caret);
    setOpen(next);
    if (next?.query !== open?.query) setActive(0);
  };
  const choose = (name: string) => {
    const el = area.current;
    if (!open || !el) return;
    const next = applyCompletion(value, open.start, el.selectionStart ?? value.length, name);
    onChange(next.text);
    setOpen(null);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!showing) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (a + step + matches.length) % matches.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      choose(matches[Math.min(active, matches.length - 1)]!);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setOpen(null);
    }
  };

  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-[13px] text-gray-700">
        {label}
      </label>
      <textarea
        ref={area}
        id={id}
        value={value}
        rows={rows}
        placeholder={placeholder ?? "输入 {{ 引用变量"}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          track(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onClick={(e) => track(value, e.currentTarget.selectionStart ?? value.length)}
        onBlur={() => setOpen(null)}
        className={clsx(controlClass, "py-1.5 font-mono text-[13px]")}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={`${label}可用变量`}
        hidden={!showing}
        className="absolute top-full z-20 mt-1 max-h-48 w-56 overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        {matches.map((name, i) => (
          <div
            key={name}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the textarea must not lose its caret before the choice is written.
            onMouseDown={(e) => {
              e.preventDefault();
              choose(name);
            }}
            className={clsx("cursor-pointer px-3 py-1 font-mono text-[13px]", i === active && "bg-primary-50")}
          >
            {name}
          </div>
        ))}
      </div>
      {hint && !error ? <p className="text-[12px] text-gray-500">{hint}</p> : null}
      {error ? (
        <p role="alert" className="text-[12px] text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
