import { Form } from "react-router";
import { useSubmitting } from "#app/lib/use-submitting";
import type { SpaceDto } from "#contract/api/space";
import { Button } from "../../ui/button";
import { FormErrors } from "../../ui/field";
import type { TeamReply } from "./schemas";

const switches = [
  {
    name: "allowDevelop",
    label: "开发者功能",
    hint: "关闭后，普通成员看不到「智能体开发」和「组件库」，也不能创建或修改智能体；管理员不受影响。",
  },
  {
    name: "receivePublish",
    label: "接受外部发布",
    hint: "开启后，其他空间的成员可以把智能体、插件和工作流发布到本空间。",
  },
] as const;

/** The owner's space switches of the original's 空间设置 tab; both are enforced by the backend. */
export function SpaceSwitches({ space, reply }: { space: SpaceDto; reply?: TeamReply }) {
  const busy = useSubmitting("settings");
  const errors = reply ? Object.values(reply.result.error ?? {}).flat() : [];
  return (
    <Form method="post" className="flex max-w-xl flex-col gap-4">
      <input type="hidden" name="intent" value="settings" />
      <FormErrors errors={errors.filter((e): e is string => Boolean(e))} />
      {switches.map((s) => (
        <label key={s.name} className="flex items-start gap-3">
          <input
            type="checkbox"
            name={s.name}
            defaultChecked={space[s.name] === 1}
            className="mt-1 size-4 accent-primary-600"
          />
          <span className="flex flex-col">
            <span className="font-medium text-gray-900">{s.label}</span>
            <span className="text-[13px] text-gray-500">{s.hint}</span>
          </span>
        </label>
      ))}
      <div>
        <Button type="submit" loading={busy}>
          保存设置
        </Button>
      </div>
    </Form>
  );
}
