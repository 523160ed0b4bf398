import { Form, Link } from "react-router";
import { useSubmitting } from "#app/lib/use-submitting";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";
import { FormErrors } from "../ui/field";
import type { ModelDto, ModelReply } from "./model-schema";

interface ModelDeleteConfirmProps {
  model: ModelDto;
  cancelTo: string;
  reply?: ModelReply;
  action?: string;
  hidden?: Record<string, string>;
}

/** Asks before deleting a model, naming it; the backend refuses defaults and models agents still use. */
export function ModelDeleteConfirm({ model, cancelTo, reply, action, hidden = {} }: ModelDeleteConfirmProps) {
  const busy = useSubmitting("delete");
  return (
    <Confirm
      title="删除模型"
      description={`确定删除模型「${model.name}」吗？正在使用它的智能体需要先更换模型。`}
      cancelTo={cancelTo}
    >
      <Form method="post" action={action} className="flex flex-col gap-3">
        <FormErrors errors={reply?.intent === "delete" ? [reply.error] : undefined} />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={model.id} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex justify-end gap-2">
          <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
            取消
          </Link>
          <Button type="submit" variant="danger" loading={busy}>
            确认删除
          </Button>
        </div>
      </Form>
    </Confirm>
  );
}
