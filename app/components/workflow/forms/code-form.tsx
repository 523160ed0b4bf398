import { CodeAssistant } from "#app/components/plugin/code-assistant";
import { CodeEditor } from "#app/components/plugin/code-editor";
import { ArgRows, InputArgs } from "./args";
import { argsOf } from "./args-state";
import {
  type CodeLanguage,
  codeOf,
  isNewCode,
  languageOf,
  setCode,
  setLanguage,
  starterConfig,
  validateCode,
} from "./code";
import { useEnsureDefaults } from "./ensure-defaults";
import { validateCommonArgs } from "./generic-form";
import type { KindForm, KindFormProps } from "./types";
import { RadioGroup } from "./widgets";

const languages: { value: CodeLanguage; label: string }[] = [
  { value: "JavaScript", label: "JavaScript" },
  { value: "Python", label: "Python" },
];

/** 代码: inputs, the code in Monaco (the plugin editor's, with its code-optimising assistant), declared outputs. */
function CodeForm({ node, config, set, ctx }: KindFormProps) {
  useEnsureDefaults(isNewCode(config), () => starterConfig(config), set);
  const language = languageOf(config);
  const code = codeOf(config);
  return (
    <>
      <InputArgs config={config} set={set} ctx={ctx} />
      <RadioGroup label="语言" value={language} options={languages} onChange={(v) => set(setLanguage(config, v))} />
      <div className="h-80">
        <CodeEditor
          name={`node-${node.id}-code`}
          value={code}
          language={language}
          onChange={(v) => set(setCode(config, v))}
        />
      </div>
      <CodeAssistant language={language} code={code} onReplace={(v) => set(setCode(config, v))} />
      <ArgRows
        title="输出参数"
        hint="main 返回的对象中与参数同名的字段"
        args={argsOf(config.outputArgs)}
        onChange={(outputArgs) => set({ outputArgs })}
        nested
        described
      />
    </>
  );
}

export const codeForm: KindForm = {
  Form: CodeForm,
  validate: (node, references) => [...validateCode(node.nodeConfig ?? {}), ...validateCommonArgs(node, references)],
};
