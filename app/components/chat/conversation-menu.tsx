import { Ellipsis, Eraser, Pencil, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";
import { FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Menu } from "../ui/menu";
import { UrlDialog } from "../ui/url-dialog";

export type ConversationDialog = "rename" | "delete";

export const readConversationDialog = (url: URL): ConversationDialog | null => {
  const value = url.searchParams.get("dialog");
  return value === "rename" || value === "delete" ? value : null;
};

interface ConversationMenuProps {
  /** The chat page itself (its action takes rename, clear and delete). */
  here: string;
  title: string;
}

const item = (icon: typeof Pencil, label: string, danger = false) => {
  const Icon = icon;
  return (
    <span className={danger ? "flex items-center gap-2 text-danger-700" : "flex items-center gap-2"}>
      <Icon className="size-4" aria-hidden />
      {label}
    </span>
  );
};

/**
 * The title bar's menu: 重命名 and 删除 open their form by URL (a dialog with JavaScript, a card without); 清空会话
 * posts at once and, as in the original, continues in a fresh conversation with the same agent (the old one stays
 * in the history).
 */
export function ConversationMenu({ here, title }: ConversationMenuProps) {
  return (
    <Menu
      label="会话操作"
      align="end"
      triggerClassName="flex size-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100"
      trigger={<Ellipsis className="size-4" aria-hidden />}
      heading={title}
      entries={[
        { kind: "link", key: "rename", label: item(Pencil, "重命名"), to: `${here}?dialog=rename` },
        { kind: "post", key: "clear", label: item(Eraser, "清空会话"), action: here, intent: "clear" },
        { kind: "separator", key: "sep" },
        { kind: "link", key: "delete", label: item(Trash2, "删除", true), to: `${here}?dialog=delete` },
      ]}
    />
  );
}

interface ConversationDialogsProps {
  dialog: ConversationDialog | null;
  here: string;
  topic: string;
  error?: string | null;
}

/** The rename form and the delete confirmation the menu opens. */
export function ConversationDialogs({ dialog, here, topic, error }: ConversationDialogsProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  if (dialog === "rename") {
    return (
      <UrlDialog title="重命名会话" closeTo={here}>
        <Form method="post" action={here} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="rename" />
          <label htmlFor="conversation-topic" className="font-medium">
            会话名称
          </label>
          <Input id="conversation-topic" name="topic" defaultValue={topic} required maxLength={50} autoFocus />
          <FormErrors errors={error ? [error] : undefined} />
          <div className="flex justify-end gap-2">
            <Link to={here} replace className={buttonClass("secondary")}>
              取消
            </Link>
            <Button type="submit" loading={busy === "rename"}>
              保存
            </Button>
          </div>
        </Form>
      </UrlDialog>
    );
  }
  if (dialog === "delete") {
    return (
      <Confirm
        title="永久删除会话"
        description={`「${topic || "新的会话"}」的会话数据将被永久删除，不可恢复及撤销。确定要删除吗？`}
        cancelTo={here}
      >
        <Form method="post" action={here} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <Link to={here} replace className={buttonClass("secondary")}>
            取消
          </Link>
          <Button type="submit" variant="danger" loading={busy === "delete"}>
            删除
          </Button>
        </Form>
      </Confirm>
    );
  }
  return null;
}
