import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { SearchX } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { optionsOf, searchStrategyLabels } from "#app/lib/labels";
import type { SearchHit } from "#contract/api/knowledge";
import { SEARCH_DEFAULTS, searchSchema } from "./schemas";

interface SearchPanelProps {
  /** The reply for the question in the address (null before the first search). */
  lastResult: SubmissionResult<string[]> | null;
  hits: SearchHit[] | null;
}

const strategyHints: Record<keyof typeof searchStrategyLabels, string> = {
  SEMANTIC: "按意思找相近的内容",
  FULL_TEXT: "按关键词匹配",
  MIXED: "两者结合",
};

/**
 * 检索测试: a question, the strategy (语义 / 全文 / 混合), top K and the match threshold → the hits with their
 * score and document. A GET form, so the query is in the address and works without JavaScript.
 */
export function SearchPanel({ lastResult, hits }: SearchPanelProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.search.includes("question=");
  const [form, fields] = useForm({
    id: "knowledge-search",
    lastResult,
    defaultValue: {
      searchStrategy: SEARCH_DEFAULTS.searchStrategy,
      topK: String(SEARCH_DEFAULTS.topK),
      matchingDegree: String(SEARCH_DEFAULTS.matchingDegree),
    },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: searchSchema }),
  });
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <Form method="get" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="检索测试">
        <input type="hidden" name="tab" value="search" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="检索内容" field={fields.question}>
          <Textarea
            {...getTextareaProps(fields.question)}
            rows={3}
            maxLength={1000}
            placeholder="输入一个用户可能会问的问题"
          />
        </Field>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 font-medium text-gray-800">检索方式</legend>
          <div className="flex flex-col gap-1.5">
            {optionsOf(searchStrategyLabels).map((o) => (
              <label key={o.value} className="flex cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name={fields.searchStrategy.name}
                  value={o.value}
                  defaultChecked={(fields.searchStrategy.initialValue ?? SEARCH_DEFAULTS.searchStrategy) === o.value}
                />
                <span className="font-medium">{o.label}</span>
                <span className="text-[13px] text-gray-500">{strategyHints[o.value]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <Field label="召回数量 topK" field={fields.topK}>
            <Input {...getInputProps(fields.topK, { type: "number" })} min={1} max={50} step={1} />
          </Field>
          <Field label="匹配度阈值" field={fields.matchingDegree}>
            <Input {...getInputProps(fields.matchingDegree, { type: "number" })} min={0} max={1} step={0.01} />
          </Field>
        </div>
        <p className="-mt-2 text-[13px] text-gray-500">全文检索按关键词排序，不使用阈值。</p>
        <div>
          <Button type="submit" loading={busy}>
            检索
          </Button>
        </div>
      </Form>
      <SearchHits hits={hits} />
    </div>
  );
}

const scoreText = (score: number) => score.toFixed(score >= 10 ? 1 : 3);

function SearchHits({ hits }: { hits: SearchHit[] | null }) {
  if (!hits) {
    return (
      <p className="rounded-md border border-gray-300 border-dashed px-4 py-10 text-center text-gray-500">
        输入问题并点击“检索”，查看知识库会召回哪些内容。
      </p>
    );
  }
  if (hits.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-md border border-gray-300 border-dashed px-4 py-10 text-center text-gray-500">
        <SearchX className="size-8 text-gray-400" aria-hidden />
        没有召回内容。可以换个说法、换一种检索方式，或调低匹配度阈值。
      </div>
    );
  }
  return (
    <section aria-label="检索结果" className="flex flex-col gap-2">
      <h2 className="font-medium text-gray-700">召回 {hits.length} 条</h2>
      <ol className="flex flex-col gap-2">
        {hits.map((hit, i) => (
          <li
            key={`${hit.qaId ?? "r"}-${hit.rawId ?? i}`}
            className="flex flex-col gap-1.5 rounded-md border border-gray-200 bg-white px-3 py-2"
          >
            <div className="flex items-center gap-2 text-[13px]">
              <span className="font-medium text-primary-700 tabular-nums" title="相关度">
                得分 {scoreText(hit.score)}
              </span>
              <span className={clsx("rounded px-1.5", hit.qaId ? "bg-warning-50 text-warning-700" : "bg-gray-100")}>
                {hit.qaId ? "问答" : "分段"}
              </span>
              <span className="min-w-0 truncate text-gray-500">来自：{hit.docName || "手动添加的问答"}</span>
            </div>
            {hit.qaId ? (
              <>
                <p className="font-medium">问：{hit.question}</p>
                <p className="whitespace-pre-wrap">答：{hit.answer}</p>
              </>
            ) : (
              <p className="whitespace-pre-wrap break-words leading-relaxed">{hit.rawTxt}</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
