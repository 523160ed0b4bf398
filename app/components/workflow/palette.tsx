import { X } from "lucide-react";
import type { DragEvent } from "react";
import { type NodeType, palette } from "#contract/workflow-nodes";
import { NodeIcon } from "./node-icons";

/** The drag payload's type: the node kind a palette item adds. */
export const DRAG_TYPE = "application/x-workflow-node";

const hints: Partial<Record<NodeType, string>> = {
  LoopBreak: "只能放在循环内",
  LoopContinue: "只能放在循环内",
  Loop: "把节点拖进循环体即可循环执行",
};

interface PaletteProps {
  /** Click: add the kind (after the pending port, or in view). */
  onAdd: (type: NodeType) => void;
  /** Set after a port's "+": what the next click connects from. */
  pending: string | null;
  onCancelPending: () => void;
}

/** The node palette, grouped as the original (§3.4): drag an item onto the canvas, a Loop, or an edge; or click it. */
export function Palette({ onAdd, pending, onCancelPending }: PaletteProps) {
  const onDragStart = (event: DragEvent, type: NodeType) => {
    event.dataTransfer.setData(DRAG_TYPE, type);
    event.dataTransfer.effectAllowed = "move";
  };
  return (
    <nav
      aria-label="节点"
      className="flex w-52 shrink-0 flex-col gap-3 overflow-y-auto border-gray-200 border-r bg-white p-3"
    >
      {pending ? (
        <p role="status" className="flex items-start gap-1 rounded-md bg-primary-50 p-2 text-[12px] text-primary-700">
          <span className="flex-1">选择要添加到{pending}后面的节点</span>
          <button
            type="button"
            onClick={onCancelPending}
            aria-label="取消添加"
            className="rounded p-0.5 hover:bg-white"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </p>
      ) : (
        <p className="text-[12px] text-gray-500">拖动节点到画布、循环体或连线上，或点击添加。</p>
      )}
      {palette.map((group) => (
        <section key={group.key} aria-label={group.label || "基础"} className="flex flex-col gap-1">
          {group.label ? <h3 className="px-1 font-medium text-[12px] text-gray-500">{group.label}</h3> : null}
          {group.kinds.map((kind) => (
            <button
              key={kind.type}
              type="button"
              draggable
              onDragStart={(e) => onDragStart(e, kind.type)}
              onClick={() => onAdd(kind.type)}
              title={hints[kind.type] ?? kind.label}
              className="flex cursor-grab items-center gap-2 rounded-md px-2 py-1.5 text-left text-[13px] text-gray-800 hover:bg-gray-100 active:cursor-grabbing"
            >
              <span className="flex size-6 items-center justify-center rounded-md bg-primary-50 text-primary-700">
                <NodeIcon type={kind.type} className="size-3.5" />
              </span>
              {kind.label}
            </button>
          ))}
        </section>
      ))}
    </nav>
  );
}
