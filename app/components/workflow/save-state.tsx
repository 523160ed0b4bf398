import { Button } from "#app/components/ui/button";
import { Dialog, DialogContent } from "#app/components/ui/dialog";
import type { useAutosave } from "./use-autosave";

type Autosave = ReturnType<typeof useAutosave>;

const clock = (at: Date) => at.toLocaleTimeString("zh-CN", { hour12: false });

/** The header's autosave line: 已自动保存 HH:mm:ss, 保存中…, or what went wrong. */
export function SaveState({ autosave }: { autosave: Autosave }) {
  const { status, savedAt, error } = autosave;
  const text =
    status === "saving"
      ? "保存中…"
      : status === "dirty"
        ? "有未保存的修改"
        : status === "conflict"
          ? "工作流已在别处修改"
          : status === "error"
            ? `保存失败：${error ?? ""}`
            : `已自动保存 ${clock(savedAt)}`;
  return (
    <span role="status" className={status === "error" || status === "conflict" ? "text-danger-600" : "text-gray-500"}>
      {text}
    </span>
  );
}

/** Another tab or person saved first: overwrite their version, or load it (dropping the edits here). */
SaveState.Conflict = function Conflict({ autosave }: { autosave: Autosave }) {
  return (
    <Dialog open={autosave.status === "conflict"}>
      <DialogContent
        title="工作流已被其他人修改"
        description="在你编辑期间，工作流在别处（另一个标签页或其他成员）被保存过。覆盖保存会用当前画布替换那次修改；加载最新版本会放弃这里未保存的修改。"
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => window.location.reload()}>
            加载最新版本
          </Button>
          <Button variant="danger" onClick={() => void autosave.overwrite()}>
            覆盖保存
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
};
