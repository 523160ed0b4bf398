import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import type { ApiErrorData } from "../lib/api.server";
import { buttonClass } from "./ui/button";

interface Described {
  status: number;
  title: string;
  detail: string;
  tid?: string;
}

function explain(error: unknown): Described {
  if (!isRouteErrorResponse(error)) {
    return { status: 500, title: "页面出错了", detail: "系统开小差啦，请稍后重试，或返回首页。" };
  }
  const body = typeof error.data === "object" && error.data ? (error.data as Partial<ApiErrorData>) : {};
  const detail = body.message;
  if (error.status === 404)
    return { status: 404, title: "页面不存在", detail: detail ?? "你访问的页面不存在或已被删除。", tid: body.tid };
  if (error.status === 403)
    return { status: 403, title: "没有权限", detail: detail ?? "你没有权限访问这个页面。", tid: body.tid };
  return { status: error.status, title: "请求没有成功", detail: detail ?? "请稍后重试。", tid: body.tid };
}

/** The Chinese error page used by the root and layout error boundaries: what happened, and a way on. */
export function ErrorView({ error }: { error: unknown }) {
  const location = useLocation();
  const { status, title, detail, tid } = explain(error);
  return (
    <div className="flex min-h-[60vh] flex-1 items-center justify-center p-8">
      <div className="flex max-w-md flex-col items-center gap-3 text-center">
        <p className="font-semibold text-5xl text-gray-300">{status}</p>
        <h1 className="font-semibold text-xl">{title}</h1>
        <p className="text-gray-600">{detail}</p>
        {tid ? <p className="text-gray-400 text-xs">请求编号：{tid}</p> : null}
        <div className="mt-2 flex gap-3">
          <Link to="/" className={buttonClass("primary")}>
            返回首页
          </Link>
          {status >= 500 || status === 429 ? (
            <a href={location.pathname + location.search} className={buttonClass("secondary")}>
              重试
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * A page's own error boundary: a page inside a layout (space, system) that fails alone shows its error where the
 * page was, and the layout's navigation stays, instead of the whole layout giving way to the error.
 */
export function PageErrorBoundary() {
  return <ErrorView error={useRouteError()} />;
}
