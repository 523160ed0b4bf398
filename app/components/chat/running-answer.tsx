import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { requestStop } from "./use-chat-stream";

const RUNNING_POLL_MS = 2000;

/**
 * An answer from an earlier visit (a reload mid-stream, another tab) may still be running when the page
 * loads. Until it ends the page shows a notice; when it has ended, `epoch` changes so the chat can remount
 * from the stored messages. Answers this page streams itself never count.
 */
export function useRunningAnswer(runningRequestId: string | null) {
  const [waitingFor, setWaitingFor] = useState(runningRequestId);
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    if (waitingFor && runningRequestId !== waitingFor) {
      setWaitingFor(null);
      setEpoch((n) => n + 1);
    }
  }, [waitingFor, runningRequestId]);
  return { waitingFor, epoch };
}

/** The notice for a running answer: refreshes until it ends, and offers to stop it. */
export function RunningNotice({ requestId, href, temp }: { requestId: string; href: string; temp?: boolean }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => revalidator.revalidate(), RUNNING_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="flex items-center justify-center gap-3 border-gray-200 border-b bg-primary-50 px-4 py-2 text-[13px] text-primary-700">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      上一条回复仍在生成中，完成后会自动显示。
      {hydrated ? (
        <button
          type="button"
          className="underline"
          onClick={() => void requestStop(requestId, temp).then(() => revalidator.revalidate())}
        >
          停止生成
        </button>
      ) : (
        <a href={href} className="underline">
          刷新
        </a>
      )}
    </div>
  );
}
