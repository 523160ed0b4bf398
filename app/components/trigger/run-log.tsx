import { Link } from "react-router";
import type { TriggerRunDto } from "#contract/api/trigger";
import type { Page } from "#contract/page";
import { Badge } from "../ui/badge";
import { Pagination } from "../ui/pagination";
import { cellClass, Table } from "../ui/table";
import { useLiveRuns } from "./live-runs";

const STATUS = { RUNNING: "运行中", SUCCESS: "成功", FAILED: "失败" } as const;
const time = (ms: number) => new Date(ms).toLocaleString("zh-CN", { hour12: false });
const json = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/** One trigger's runs, newest first: when, how it was fired, input, output or error, duration. */
export function RunLog({ page, hrefFor }: { page: Page<TriggerRunDto>; hrefFor: (page: number) => string }) {
  return (
    <div className="flex flex-col gap-3">
      <Table
        label="运行记录"
        columns={["开始时间", "来源", "状态", "耗时", "输入", "输出 / 错误"]}
        empty="还没有运行记录：定时触发器到点后、事件触发器被调用后，每次运行都会记录在这里。"
      >
        {page.records.map((r) => (
          <tr key={r.id}>
            <td className={cellClass}>{time(r.startTime)}</td>
            <td className={cellClass}>{r.source === "TIME" ? `定时（${time(r.scheduledTime)}）` : "事件"}</td>
            <td className={cellClass}>
              <Badge tone={r.status === "SUCCESS" ? "success" : r.status === "FAILED" ? "danger" : "neutral"}>
                {STATUS[r.status]}
              </Badge>
            </td>
            <td className={cellClass}>{r.endTime ? `${r.endTime - r.startTime} ms` : "—"}</td>
            <td className={`${cellClass} max-w-60 break-all font-mono text-[12px]`}>{json(r.input)}</td>
            <td className={`${cellClass} max-w-80 break-all font-mono text-[12px]`}>
              {r.error ? <span className="text-red-700">{r.error}</span> : json(r.output)}
            </td>
          </tr>
        ))}
      </Table>
      <Pagination current={page.current} pages={page.pages} total={page.total} hrefFor={hrefFor} />
    </div>
  );
}

/**
 * The run log as the triggers page shows it: kept live with JavaScript (useLiveRuns); 刷新 reloads the page for
 * those without.
 */
export function LiveRunLog({
  page,
  pollUrl,
  hrefFor,
}: {
  page: Page<TriggerRunDto>;
  pollUrl: string;
  hrefFor: (page: number) => string;
}) {
  const live = useLiveRuns(page, pollUrl);
  return (
    <div className="flex flex-col gap-2">
      <Link to={hrefFor(page.current)} className="self-end text-[13px] text-primary-700 hover:underline">
        刷新
      </Link>
      <RunLog page={live} hrefFor={hrefFor} />
    </div>
  );
}
