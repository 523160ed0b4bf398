import { Form, Link, useNavigation } from "react-router";
import type { MemoryInfo } from "#contract/api/memory";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";

function Actions({ cancelTo, intent, label }: { cancelTo: string; intent: string; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <div className="flex justify-end gap-2">
      <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
        取消
      </Link>
      <Button type="submit" variant="danger" loading={busy}>
        {label}
      </Button>
    </div>
  );
}

/** 删除记忆: asks before deleting one memory (`?delete=<id>`). */
export function DeleteMemory({ memory, cancelTo }: { memory: MemoryInfo | null; cancelTo: string }) {
  if (!memory) return null;
  return (
    <Confirm
      title="删除记忆"
      description={`「${memory.content}」将被永久删除，智能体不会再记得。确定要删除吗？`}
      cancelTo={cancelTo}
    >
      <Form method="post" action={cancelTo}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={memory.id} />
        <Actions cancelTo={cancelTo} intent="delete" label="删除" />
      </Form>
    </Confirm>
  );
}

/** 清空记忆: all memories, or those with the agent chosen in the filter (`?clear=1`). */
export function ClearMemories({
  open,
  agent,
  cancelTo,
}: {
  open: boolean;
  agent: { agentId: number; agentName: string } | null;
  cancelTo: string;
}) {
  if (!open) return null;
  const scope = agent ? `与「${agent.agentName}」相关的全部记忆` : "你的全部记忆";
  return (
    <Confirm title="清空记忆" description={`${scope}将被永久删除，不可恢复。确定要清空吗？`} cancelTo={cancelTo}>
      <Form method="post" action={cancelTo}>
        <input type="hidden" name="intent" value="clear" />
        {agent ? <input type="hidden" name="agentId" value={agent.agentId} /> : null}
        <Actions cancelTo={cancelTo} intent="clear" label="清空" />
      </Form>
    </Confirm>
  );
}
