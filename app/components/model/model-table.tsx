import { PlugZap } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { modelProtocolLabels, modelTypeLabels } from "#app/lib/labels";
import { Badge } from "../ui/badge";
import { Button, buttonClass } from "../ui/button";
import { cellClass, Table } from "../ui/table";
import { ConnectivityNote } from "./model-form";
import type { ModelDto, ModelReply } from "./model-schema";

export interface ModelDefaults {
  chat: number | null;
  suggest: number | null;
  embed: number | null;
}

interface ModelTableProps {
  models: ModelDto[];
  /** The tenant's default models, marked in the list (system page only). */
  defaults?: ModelDefaults;
  editHref: (id: number) => string;
  deleteHref: (id: number) => string;
  reply?: ModelReply;
  /** Where the row forms post (defaults to the page's own action). */
  action?: string;
  hidden?: Record<string, string>;
  /** Rows the viewer may not change (e.g. tenant models in a space's list) get no actions. */
  canEdit?: (model: ModelDto) => boolean;
}

function DefaultMarks({ id, defaults }: { id: number; defaults?: ModelDefaults }) {
  if (!defaults) return null;
  const marks = [
    defaults.chat === id && "默认对话",
    (defaults.suggest ?? defaults.chat) === id && "追问建议",
    defaults.embed === id && "默认向量",
  ].filter((m): m is string => Boolean(m));
  return (
    <span className="flex flex-wrap gap-1">
      {marks.map((m) => (
        <Badge key={m} tone="primary">
          {m}
        </Badge>
      ))}
    </span>
  );
}

/** Models as a server-rendered table: masked keys, state, default marks, and per-row test/edit/delete. */
export function ModelTable(props: ModelTableProps) {
  const { models, defaults, reply, action, hidden = {}, canEdit = () => true } = props;
  const navigation = useNavigation();
  const testing = navigation.state !== "idle" && navigation.formData?.get("intent") === "test";
  const testingId = testing ? Number(navigation.formData?.get("id")) : null;
  return (
    <Table
      label="模型列表"
      columns={["名称", "模型标识", "协议", "类型", "API Key", "状态", ...(defaults ? ["默认"] : []), "操作"]}
      empty="还没有模型，添加一个吧。"
    >
      {models.map((m) => (
        <tr key={m.id}>
          <td className={cellClass}>
            <p className="font-medium">{m.name}</p>
            {m.description ? <p className="text-gray-500 text-xs">{m.description}</p> : null}
          </td>
          <td className={`${cellClass} font-mono text-xs`}>{m.model}</td>
          <td className={cellClass}>{modelProtocolLabels[m.apiProtocol]}</td>
          <td className={cellClass}>{modelTypeLabels[m.type]}</td>
          <td className={`${cellClass} font-mono text-xs`}>{m.apiKey || "—"}</td>
          <td className={cellClass}>{m.enabled ? <Badge tone="success">启用</Badge> : <Badge>停用</Badge>}</td>
          {defaults ? (
            <td className={cellClass}>
              <DefaultMarks id={m.id} defaults={defaults} />
            </td>
          ) : null}
          <td className={cellClass}>
            <div className="flex flex-wrap items-center gap-1">
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="test" />
                <input type="hidden" name="id" value={m.id} />
                {Object.entries(hidden).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  loading={testingId === m.id}
                  aria-label={`测试连接 ${m.name}`}
                >
                  <PlugZap className="size-3.5" aria-hidden />
                  测试连接
                </Button>
              </Form>
              {canEdit(m) ? (
                <>
                  <Link to={props.editHref(m.id)} preventScrollReset className={buttonClass("ghost", "sm")}>
                    编辑
                  </Link>
                  <Link
                    to={props.deleteHref(m.id)}
                    preventScrollReset
                    className={buttonClass("ghost", "sm", "text-danger-600")}
                  >
                    删除
                  </Link>
                </>
              ) : null}
            </div>
            {reply?.intent === "test" && reply.id === m.id ? <ConnectivityNote result={reply.test} /> : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}
