import { Copy } from "lucide-react";
import { Form, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { idField } from "#app/lib/forms";
import { spaceTypeLabels } from "#app/lib/labels";
import type { SpaceDto } from "#contract/api/space";
import { Button } from "../ui/button";
import { Select } from "../ui/select";

export const copyToSpaceSchema = z.object({
  agentId: idField(),
  spaceId: z.coerce.number({ error: "请选择空间" }).int().positive("请选择空间"),
});

const COPY_ACTION = "/resources/publish/copy";

/** Spaces the user may develop in: their own role is above member, or the space lets members develop. */
const developable = (spaces: SpaceDto[]) =>
  spaces.filter((s) => s.allowDevelop === 1 || (s.currentUserRole !== null && s.currentUserRole !== "User"));

interface CopyToSpaceProps {
  /** The published agent's id (the square's targetId). */
  agentId: number;
  /** From the details payload: only agents published with 允许复制 show the form. */
  allowCopy: 0 | 1 | number;
  /** The signed-in user's spaces (GET /api/space/list, e.g. listSpaces() in app/lib/space.server.ts). */
  spaces: SpaceDto[];
}

/** 复制到空间: pick one of your spaces; the copy opens in the editor. A plain form, so it works without JavaScript. */
export function CopyToSpace({ agentId, allowCopy, spaces }: CopyToSpaceProps) {
  const location = useLocation();
  const busy = useNavigation().formAction === COPY_ACTION;
  if (allowCopy !== 1) return null;
  const targets = developable(spaces);
  if (!targets.length) return <p className="text-[13px] text-gray-500">你没有可以开发智能体的空间，暂时不能复制。</p>;
  return (
    <Form method="post" action={COPY_ACTION} className="flex flex-wrap items-center gap-2" aria-label="复制到空间">
      <input type="hidden" name="agentId" value={agentId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Select
        name="spaceId"
        aria-label="目标空间"
        className="w-48"
        options={targets.map((s) => ({
          value: String(s.id),
          label: s.type === "Personal" ? spaceTypeLabels.Personal : s.name,
        }))}
      />
      <Button type="submit" variant="secondary" loading={busy}>
        <Copy className="size-4" aria-hidden />
        复制到空间
      </Button>
    </Form>
  );
}
