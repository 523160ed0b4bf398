import { clsx } from "clsx";
import { Bell } from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink, useFetcher } from "react-router";
import { useAppEvent } from "#app/lib/event-bus";

interface NotifyBellProps {
  /** The count the server rendered with (so it shows without JavaScript); refreshed in the page afterwards. */
  unread?: number;
}

/** The rail's 通知 entry: a bell with the unread count, leading to /notifications. */
export function NotifyBell({ unread = 0 }: NotifyBellProps) {
  const fetcher = useFetcher<{ count: number }>({ key: "notify-unread" });
  const [count, setCount] = useState(unread);
  useEffect(() => setCount(unread), [unread]);
  useEffect(() => {
    if (fetcher.data) setCount(fetcher.data.count);
  }, [fetcher.data]);
  useAppEvent("new_notify_message", () => fetcher.load("/resources/notify/unread"));

  const label = count > 0 ? `通知（${count} 条未读消息）` : "通知";
  return (
    <NavLink
      to="/notifications"
      aria-label={label}
      title={count > 0 ? `${count} 条未读消息` : "通知"}
      className={({ isActive }) =>
        clsx(
          "relative flex w-14 flex-col items-center gap-0.5 rounded-md py-2 text-xs transition-colors",
          isActive ? "bg-primary-50 text-primary-700" : "text-gray-600 hover:bg-gray-100",
        )
      }
    >
      <Bell className="size-5" aria-hidden />
      通知
      {count > 0 ? (
        <span
          aria-hidden
          className="absolute top-1 right-2 min-w-4 rounded-full bg-danger-600 px-1 text-center font-medium text-[10px] text-white leading-4"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </NavLink>
  );
}
