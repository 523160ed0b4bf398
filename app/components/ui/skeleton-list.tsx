import { AlertTriangle, RotateCw } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { Await, isRouteErrorResponse, Link, Navigate, useAsyncError, useLocation } from "react-router";
import { buttonClass } from "./button";

/** What a list page's clientLoader returns: the server loader's answer, still on its way. */
export interface Streamed<T> {
  streamed: Promise<T>;
}

/**
 * The clientLoader of a list page: answer at once with the server loader's data as a promise, so a navigation
 * with JavaScript shows the page's header and a skeleton in the list's place instead of holding the old page.
 * The first load, and every load without JavaScript, still renders the server's data in full.
 */
export function streamServerData<T>(serverLoader: () => Promise<T>): Streamed<T> {
  const streamed = serverLoader();
  // <Await> shows a failure; this only keeps it from also being reported as unhandled before it renders.
  streamed.catch(() => {});
  return { streamed };
}

const isStreamed = <T,>(data: T | Streamed<T>): data is Streamed<T> =>
  typeof data === "object" && data !== null && "streamed" in data && data.streamed instanceof Promise;

/** location.state of the 重试 link: a new number mounts the list afresh, so its skeleton shows again. */
type RetryState = { retry?: number } | null;

interface StreamedListProps<T> {
  /** The route's loaderData: the server's data (first load, no JavaScript) or the clientLoader's promise. */
  data: T | Streamed<T>;
  skeleton: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A list that may still be loading: its skeleton until the data is there, then the rows; an error state with
 * 重试 if it fails. A new filter keeps the old rows on screen (with the progress bar) until the new ones arrive.
 */
export function StreamedList<T>({ data, skeleton, children }: StreamedListProps<T>) {
  const retry = (useLocation().state as RetryState)?.retry ?? 0;
  // The server's data renders as it is, with no Suspense boundary: React may send a large boundary's content
  // after its fallback, to be swapped in by a script, and without JavaScript the skeleton would then stay.
  if (!isStreamed(data)) return children(data);
  return (
    <Suspense key={retry} fallback={skeleton}>
      <Await resolve={data.streamed} errorElement={<ListError />}>
        {children}
      </Await>
    </Suspense>
  );
}

function explainFailure(error: unknown) {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return typeof message === "string" && message ? message : "请稍后重试。";
  }
  if (error instanceof TypeError) return "网络连接失败，请检查网络后重试。";
  return "系统开小差啦，请稍后重试。";
}

/**
 * A list that failed to load: what happened and 重试. 重试 is a link to this same page (it works without
 * JavaScript too); with JavaScript it loads the list again in place.
 */
export function ListError() {
  const error = useAsyncError();
  const location = useLocation();
  // An expired session answers the list with a redirect to the login page: follow it.
  if (error instanceof Response && error.headers.get("Location")) {
    return <Navigate to={error.headers.get("Location") as string} replace />;
  }
  const retry = ((location.state as RetryState)?.retry ?? 0) + 1;
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-3 rounded-card border border-gray-300 border-dashed bg-white px-6 py-12 text-center"
    >
      <AlertTriangle className="size-9 text-danger-600" aria-hidden strokeWidth={1.5} />
      <p className="font-medium text-base text-gray-800">列表加载失败</p>
      <p className="max-w-md text-gray-500">{explainFailure(error)}</p>
      <Link
        to={location.pathname + location.search}
        state={{ retry }}
        replace
        preventScrollReset
        className={buttonClass("secondary")}
      >
        <RotateCw className="size-4" aria-hidden />
        重试
      </Link>
    </div>
  );
}
