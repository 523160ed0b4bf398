import { clsx } from "clsx";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { controlClass } from "../ui/input";

const MonacoCodeEditor = lazy(() => import("./monaco-editor"));

interface CodeEditorProps {
  /** The form field the code posts as. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  language: "JavaScript" | "Python";
  error?: string;
}

/**
 * The code box: Monaco with JavaScript (its module is fetched only here, from the app's own assets); a plain
 * textarea under the same name before hydration and without JavaScript, so the form saves either way.
 */
export function CodeEditor({ name, value, onChange, language, error }: CodeEditorProps) {
  const plain = (
    <textarea
      name={name}
      defaultValue={value}
      aria-label="代码"
      aria-invalid={error ? true : undefined}
      spellCheck={false}
      className={clsx(controlClass, "h-full min-h-96 py-2 font-mono text-[13px]")}
    />
  );
  return (
    <div className="flex h-full min-h-96 flex-col gap-1">
      <ClientOnly fallback={plain}>
        {() => (
          <Suspense fallback={plain}>
            <div className="h-full min-h-96 overflow-hidden rounded-md border border-gray-300" data-testid="monaco">
              <input type="hidden" name={name} value={value} />
              <MonacoCodeEditor
                value={value}
                onChange={onChange}
                language={language === "Python" ? "python" : "javascript"}
                label="代码"
              />
            </div>
          </Suspense>
        )}
      </ClientOnly>
      {error ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
