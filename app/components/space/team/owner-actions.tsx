import { ArrowRightLeft, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";
import { displayName } from "#app/lib/format";
import type { SpacePermissions } from "#app/lib/space-permissions";
import type { SpaceDto } from "#contract/api/space";
import type { Member } from "./schemas";

interface OwnerActionsProps {
  space: SpaceDto;
  members: Member[];
  meId: number;
  can: SpacePermissions;
  deleteHref: string;
}

/**
 * Transfer and delete, for the Owner of a team space. Both only open a confirmation (a GET to
 * ?confirm=…); nothing changes until the confirmation's POST.
 */
export function OwnerActions({ space, members, meId, can, deleteHref }: OwnerActionsProps) {
  const candidates = members.filter((m) => m.userId !== meId);
  return (
    <div className="flex flex-col gap-6">
      {can.transfer ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">转让空间</h3>
          <p className="text-gray-500">把空间转让给另一位成员，转让后你将成为管理员。</p>
          {candidates.length ? (
            <Form method="get" className="flex max-w-md gap-2">
              <input type="hidden" name="confirm" value="transfer" />
              <Select
                name="userId"
                aria-label="转让给"
                options={candidates.map((m) => ({ value: String(m.userId), label: displayName(m) }))}
              />
              <Button type="submit" variant="secondary">
                <ArrowRightLeft className="size-4" aria-hidden />
                转让
              </Button>
            </Form>
          ) : (
            <p className="text-gray-500">空间里还没有其他成员，先添加成员再转让。</p>
          )}
        </div>
      ) : null}
      {can.delete ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-medium text-danger-700">删除空间</h3>
          <p className="text-gray-500">删除「{space.name}」后，空间内的所有内容都将无法恢复。</p>
          <div>
            <Link to={deleteHref} preventScrollReset className={buttonClass("danger")}>
              <Trash2 className="size-4" aria-hidden />
              删除空间
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}
