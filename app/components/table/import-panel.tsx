import { useRef, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { toast } from "#app/lib/toast";
import { useSubmitting } from "#app/lib/use-submitting";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportReport, importReportSchema } from "#contract/api/table";
import { Button, buttonClass } from "../ui/button";
import { FormErrors } from "../ui/field";

interface ImportPanelProps {
  /** The page's import relay (resource route), for the upload with progress. */
  uploadTo: string;
  cancelTo: string;
  /** Where the grid is after a successful import. */
  doneTo: string;
  /** A reply to a post without JavaScript. */
  report?: ImportReport;
  formError?: string;
}

type Stage = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "processing" };

/**
 * 导入 Excel: a plain multipart post without JavaScript; with it, an upload with a progress bar, then the
 * server's report. When any row is refused nothing is imported and the report lists row, field and reason.
 */
export function ImportPanel({ uploadTo, cancelTo, doneTo, report, formError }: ImportPanelProps) {
  const hydrated = useHydrated();
  const busy = useSubmitting("import");
  const revalidator = useRevalidator();
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [outcome, setOutcome] = useState<{ report?: ImportReport; error?: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shownReport = outcome ? outcome.report : report;
  const shownError = outcome ? outcome.error : formError;

  const upload = (event: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0) return setOutcome({ error: "请选择要导入的 Excel 文件" });
    if (file.size > IMPORT_MAX_BYTES) return setOutcome({ error: "文件不能超过 100 MB" });
    const body = new FormData();
    body.append("file", file);
    const xhr = new XMLHttpRequest();
    setOutcome(null);
    setStage({ kind: "uploading", percent: 0 });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setStage({ kind: "uploading", percent: Math.round((e.loaded / e.total) * 100) });
    };
    // Once the bytes are sent the server reads and checks every row before it answers.
    xhr.upload.onload = () => setStage({ kind: "processing" });
    xhr.onload = () => {
      setStage({ kind: "idle" });
      let envelope: { code?: string; message?: string; data?: unknown } = {};
      try {
        envelope = JSON.parse(xhr.responseText);
      } catch {
        return setOutcome({ error: `导入失败（HTTP ${xhr.status}）` });
      }
      const parsed = importReportSchema.safeParse(envelope.data);
      if (envelope.code === "0000" && parsed.success) {
        toast.success(`已导入 ${parsed.data.importedRows} 行`);
        formRef.current?.reset();
        setOutcome({ report: parsed.data });
        revalidator.revalidate();
        return;
      }
      setOutcome({ error: envelope.message ?? "导入失败", report: parsed.success ? parsed.data : undefined });
    };
    xhr.onerror = () => {
      setStage({ kind: "idle" });
      setOutcome({ error: "网络错误，导入失败" });
    };
    xhr.open("POST", uploadTo);
    xhr.send(body);
  };

  const working = stage.kind !== "idle";
  return (
    <div className="flex flex-col gap-4">
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        onSubmit={upload}
        className="flex flex-col gap-3"
        aria-label="导入 Excel"
      >
        <input type="hidden" name="intent" value="import" />
        <p className="text-[13px] text-gray-500">
          第一个工作表的第一行是表头（字段名或字段描述），从第二行起每行一条数据；最多 {IMPORT_MAX_ROWS} 行，文件不超过
          100 MB。有任何一行不符合要求时整份文件都不会导入。旧版 .xls 文件请在 Excel 中另存为 .xlsx 后再导入。
        </p>
        <label className="flex flex-col gap-1.5">
          <span className="font-medium text-gray-800">Excel 文件（.xlsx）</span>
          <input
            type="file"
            name="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            required
            className="text-[13px]"
          />
        </label>
        {stage.kind === "uploading" ? (
          <div className="flex flex-col gap-1">
            <progress max={100} value={stage.percent} aria-label="上传进度" className="h-2 w-full" />
            <span className="text-[13px] text-gray-500">正在上传 {stage.percent}%</span>
          </div>
        ) : stage.kind === "processing" ? (
          <div className="flex flex-col gap-1">
            <progress aria-label="导入进度" className="h-2 w-full" />
            <span role="status" className="text-[13px] text-gray-500">
              上传完成，正在检查并导入数据…
            </span>
          </div>
        ) : null}
        <FormErrors errors={shownError ? [shownError] : undefined} />
        <div className="flex justify-end gap-2">
          <Link to={outcome?.report && !outcome.error ? doneTo : cancelTo} replace className={buttonClass("secondary")}>
            {outcome?.report && !outcome.error ? "完成" : "取消"}
          </Link>
          <Button type="submit" loading={busy || working}>
            开始导入
          </Button>
        </div>
      </Form>
      {shownReport ? <ImportReportView report={shownReport} /> : null}
    </div>
  );
}

/** The report: how many rows were read and imported, and each refused cell (row, field, reason). */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <section aria-label="导入报告" className="flex flex-col gap-2">
      <p className="text-[13px] text-gray-700">
        共 {report.totalRows} 行，已导入 {report.importedRows} 行
        {report.errorCount ? `，${report.errorCount} 处错误` : ""}。
      </p>
      {report.errors.length ? (
        <div className="max-h-64 overflow-y-auto rounded-md border border-gray-200">
          <table className="w-full border-collapse text-left text-[13px]">
            <thead className="sticky top-0 bg-gray-50 text-gray-500">
              <tr>
                <th className="px-2 py-1.5 font-normal">行号</th>
                <th className="px-2 py-1.5 font-normal">字段</th>
                <th className="px-2 py-1.5 font-normal">原因</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report's entries have no identity beyond their place
                <tr key={i} className="border-gray-100 border-t">
                  <td className="px-2 py-1.5">第 {e.row} 行</td>
                  <td className="px-2 py-1.5">{e.field ?? "整行"}</td>
                  <td className="px-2 py-1.5 text-danger-700">{e.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {report.errorCount > report.errors.length ? (
        <p className="text-[13px] text-gray-500">只列出前 {report.errors.length} 处错误。</p>
      ) : null}
    </section>
  );
}
