import { Pencil, ShieldAlert, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "#app/lib/format";
import { MEMORY_CONTENT_MAX, type MemoryInfo, memoryCategoryLabels } from "#contract/api/memory";
import { Badge } from "../ui/badge";
import { Button, buttonClass } from "../ui/button";
import { Textarea } from "../ui/textarea";

/** A link to the same page with one query parameter set (edit, delete, clear), keeping the filters. */
export function withParam(base: string, key: string, value: string | number) {
  const url = new URL(base, "http://relative.invalid");
  url.searchParams.set(key, String(value));
  return url.pathname + url.search;
}

function EditForm({ memory, cancelTo }: { memory: MemoryInfo; cancelTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "update";
  return (
    <Form method="post" action={cancelTo} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={memory.id} />
      <label htmlFor={`memory-${memory.id}`} className="sr-only">
        记忆内容
      </label>
      <Textarea
        id={`memory-${memory.id}`}
        name="content"
        defaultValue={memory.content}
        required
        maxLength={MEMORY_CONTENT_MAX}
        rows={3}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary", "sm")}>
          取消
        </Link>
        <Button type="submit" size="sm" loading={busy}>
          保存
        </Button>
      </div>
    </Form>
  );
}

/** The memories of one page: category, sensitivity, content, agent and time, with edit and delete. */
export function MemoryList({
  records,
  editing,
  base,
}: {
  records: MemoryInfo[];
  editing: number | null;
  base: string;
}) {
  return (
    <ul
      aria-label="记忆列表"
      className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
    >
      {records.map((m) => (
        <li key={m.id} aria-label={m.content} className="flex flex-col gap-2 p-4">
          <div className="flex flex-wrap items-center gap-2 text-[13px] text-gray-500">
            <Badge tone="primary">{memoryCategoryLabels[m.category]}</Badge>
            {m.isSensitive ? (
              <Badge tone="warning">
                <ShieldAlert className="mr-0.5 size-3" aria-hidden />
                敏感
              </Badge>
            ) : null}
            <span>{m.agentName}</span>
            <span aria-hidden>·</span>
            <time dateTime={m.modified}>{formatDateTime(m.modified)}</time>
          </div>
          {editing === m.id ? (
            <EditForm memory={m} cancelTo={base} />
          ) : (
            <div className="flex items-start gap-2">
              <p className="min-w-0 flex-1 whitespace-pre-wrap break-words">{m.content}</p>
              <Link
                to={withParam(base, "edit", m.id)}
                preventScrollReset
                aria-label={`编辑：${m.content}`}
                className={buttonClass("ghost", "sm")}
              >
                <Pencil className="size-4" aria-hidden />
              </Link>
              <Link
                to={withParam(base, "delete", m.id)}
                preventScrollReset
                aria-label={`删除：${m.content}`}
                className={buttonClass("ghost", "sm")}
              >
                <Trash2 className="size-4" aria-hidden />
              </Link>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
