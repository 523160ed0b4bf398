import { clsx } from "clsx";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Input } from "../ui/input";

export const CODE_LENGTH = 6;

interface CodeInputProps {
  id: string;
  name: string;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  /** Called once all six digits are in (with JavaScript), e.g. to submit the form. */
  onComplete?: (form: HTMLFormElement | null) => void;
}

const digitsOf = (text: string) => text.replace(/\D/g, "").slice(0, CODE_LENGTH);

/**
 * A six-digit verification code. The server renders one plain field (so the form works without JavaScript);
 * once hydrated it becomes six one-digit boxes feeding a hidden field of the same name. Typing moves on,
 * Backspace moves back, and pasting (or the phone's one-time-code autofill) fills every box at once.
 */
export function CodeInput({ id, name, invalid, describedBy, autoFocus, onComplete }: CodeInputProps) {
  const hydrated = useHydrated();
  const [digits, setDigits] = useState<string[]>(() => Array(CODE_LENGTH).fill(""));
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const hiddenRef = useRef<HTMLInputElement>(null);
  // The server-rendered field had the focus; hand it to the first box once they replace it.
  useEffect(() => {
    if (hydrated && autoFocus) boxes.current[0]?.focus();
  }, [hydrated, autoFocus]);

  if (!hydrated) {
    return (
      <Input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        placeholder="6 位数字"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="text-center font-mono text-lg tracking-[0.5em]"
        autoFocus={autoFocus}
      />
    );
  }

  const fill = (from: number, text: string) => {
    const incoming = digitsOf(text);
    if (!incoming) return;
    const next = [...digits];
    for (let i = 0; i < incoming.length && from + i < CODE_LENGTH; i++) next[from + i] = incoming[i] ?? "";
    setDigits(next);
    const filled = next.join("");
    boxes.current[Math.min(from + incoming.length, CODE_LENGTH - 1)]?.focus();
    if (filled.length === CODE_LENGTH && hiddenRef.current) {
      // The hidden field must hold the code before the form is read, so set it now rather than after render.
      hiddenRef.current.value = filled;
      onComplete?.(hiddenRef.current.form);
    }
  };

  return (
    <div className="flex gap-2">
      <input ref={hiddenRef} type="hidden" name={name} value={digits.join("")} />
      {digits.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, never reordered
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          id={index === 0 ? id : undefined}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          // The first box carries the field's label (验证码); the others say which digit they hold.
          aria-label={index === 0 ? undefined : `第 ${index + 1} 位`}
          aria-describedby={index === 0 ? describedBy : undefined}
          aria-invalid={invalid || undefined}
          value={digit}
          className={clsx(
            "size-11 rounded-md border bg-white text-center font-mono text-lg outline-none focus:border-primary-500 focus:ring-2 focus:ring-primary-100",
            invalid ? "border-danger-500" : "border-gray-300",
          )}
          onChange={(e) => {
            const text = e.currentTarget.value;
            if (text === "") {
              const next = [...digits];
              next[index] = "";
              setDigits(next);
            } else fill(index, text.slice(-CODE_LENGTH));
          }}
          onKeyDown={(e) => {
            if (e.key === "Backspace" && !digits[index] && index > 0) boxes.current[index - 1]?.focus();
            if (e.key === "ArrowLeft" && index > 0) boxes.current[index - 1]?.focus();
            if (e.key === "ArrowRight" && index < CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
          }}
          onPaste={(e) => {
            e.preventDefault();
            fill(0, e.clipboardData.getData("text"));
          }}
        />
      ))}
    </div>
  );
}
