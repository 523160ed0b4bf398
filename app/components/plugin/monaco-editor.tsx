import Editor from "@monaco-editor/react";
import "./monaco.client";

interface MonacoCodeEditorProps {
  value: string;
  language: "javascript" | "python";
  onChange: (value: string) => void;
  label: string;
}

/** Monaco itself; loaded lazily, only in the browser and only on the code plugin page. */
export default function MonacoCodeEditor({ value, language, onChange, label }: MonacoCodeEditorProps) {
  return (
    <Editor
      value={value}
      language={language}
      onChange={(next) => onChange(next ?? "")}
      height="100%"
      loading={<p className="p-3 text-[13px] text-gray-500">编辑器加载中…</p>}
      options={{
        ariaLabel: label,
        minimap: { enabled: false },
        fontSize: 13,
        tabSize: language === "python" ? 4 : 2,
        scrollBeyondLastLine: false,
        automaticLayout: true,
      }}
    />
  );
}
