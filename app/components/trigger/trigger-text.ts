import { describeCron } from "#contract/api/task";
import type { Arg } from "#contract/args";
import { dataTypes } from "#contract/enums";

/** What the trigger forms show and read as text, so they work as plain form posts (no JavaScript needed). */

interface TriggerBind {
  triggerType?: string;
  cronExpression?: string;
  timeZone?: string;
  componentType?: string;
  componentName?: string;
  eventArgs?: Arg[];
  argBindConfigs?: { name: string; bindValueType?: string; bindValue?: unknown }[];
}

/** 每天 09:00 (Asia/Shanghai), or 事件触发 (webhook). */
export function describeTrigger(bind: TriggerBind) {
  if (bind.triggerType === "TIME") {
    const cron = bind.cronExpression ?? "";
    return `${describeCron(cron)} (${bind.timeZone ?? "Asia/Shanghai"})`;
  }
  return "事件触发（网络钩子）";
}

/** Event arguments, one a line: `name:Type` with an optional `:必填` (Type defaults to String). */
export function parseEventArgs(text: string): { args: Arg[] } | { error: string } {
  const args: Arg[] = [];
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const [name = "", type = "String", flag = ""] = line.split(/\s*[:：]\s*/);
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name))
      return { error: `第 ${i + 1} 行：参数名只能包含字母、数字和下划线` };
    if (!(dataTypes as readonly string[]).includes(type)) return { error: `第 ${i + 1} 行：不支持的类型 ${type}` };
    args.push({ name, dataType: type as Arg["dataType"], require: flag === "必填" || flag === "required" });
  }
  return { args };
}

export const eventArgsText = (args: Arg[] = []) =>
  args.map((a) => `${a.name}:${a.dataType}${a.require ? ":必填" : ""}`).join("\n");

/** Target inputs, one a line: `name=值` (a literal) or `name=@参数` (the webhook argument of that name). */
type Binding = { name: string; bindValueType: "Input" | "Reference"; bindValue: string };
export function parseBindings(text: string): { binds: Binding[] } | { error: string } {
  const binds: Binding[] = [];
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.indexOf("=");
    const name = line.slice(0, at).trim();
    if (at <= 0 || !name) return { error: `第 ${i + 1} 行：格式应为 参数名=值 或 参数名=@事件参数` };
    const value = line.slice(at + 1).trim();
    binds.push(
      value.startsWith("@")
        ? { name, bindValueType: "Reference", bindValue: value.slice(1) }
        : { name, bindValueType: "Input", bindValue: value },
    );
  }
  return { binds };
}

/** The curl that calls a webhook, with every event argument as an example. */
export function curlExample(webhookUrl: string, token: string, args: Arg[]) {
  const sample = Object.fromEntries(
    args.map((a) => [
      a.name,
      a.dataType === "Integer" || a.dataType === "Number" ? 1 : a.dataType === "Boolean" ? true : "示例",
    ]),
  );
  return `curl -X POST '${webhookUrl}' \\\n  -H 'Authorization: Bearer ${token}' \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(sample)}'`;
}
