import { z } from "zod";
import type { endpoints, ResponseOf } from "#contract/api";
import { Input } from "../ui/input";
import type { SelectOption } from "../ui/select";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";

export type ConfigItem = ResponseOf<typeof endpoints.system.configList>[number];
export type ConfigCategory = ConfigItem["category"];

/** The page's tabs, in the order the original shows its groups. */
export const configGroups: { key: ConfigCategory; label: string }[] = [
  { key: "BaseConfig", label: "站点" },
  { key: "LoginConfig", label: "登录" },
  { key: "PublishConfig", label: "发布" },
  { key: "ModelSetting", label: "默认模型" },
  { key: "AgentSetting", label: "智能体" },
  { key: "MailConfig", label: "邮件" },
];

/**
 * One group's form rules: numbers must be whole numbers, switches are checkboxes, everything else text.
 * The backend validates each value again (limits, referenced models and agents) and names the field.
 */
export function configSchema(items: ConfigItem[]) {
  const shape: Record<string, z.ZodType> = { intent: z.literal("save"), group: z.string() };
  for (const item of items) {
    if (item.inputType === "Number") shape[item.name] = z.number({ error: "请输入整数" }).int("请输入整数");
    else if (item.inputType === "Switch") shape[item.name] = z.boolean().optional();
    else shape[item.name] = z.string().max(10_000, "内容过长").optional();
  }
  return z.object(shape);
}

/** The flat {name: value} body of /api/system/config/add for one group; an untouched secret is left out. */
export function configBody(items: ConfigItem[], value: Record<string, unknown>) {
  const body: Record<string, unknown> = {};
  for (const item of items) {
    const v = value[item.name];
    if (item.inputType === "Switch") body[item.name] = v ? 1 : 0;
    else if (item.inputType === "Password") {
      if (typeof v === "string" && v !== "") body[item.name] = v;
    } else if (item.inputType === "Number") body[item.name] = v;
    else if (item.inputType === "Select") body[item.name] = v === undefined ? "" : String(v);
    else body[item.name] = v ?? "";
  }
  return body;
}

const display = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/** "3:邮箱验证码,1:手机验证码" → options. */
export function parseOptions(encoded: string | undefined): SelectOption[] {
  return (encoded ?? "")
    .split(",")
    .map((pair) => pair.split(":"))
    .filter((p): p is [string, string] => p.length >= 2 && p[0] !== "")
    .map(([value, ...label]) => ({ value, label: label.join(":") }));
}

/** The form's starting values: the stored settings (a switch that is on reads "on", like a checked box). */
export function configDefaults(items: ConfigItem[]) {
  const values: Record<string, string | undefined> = {};
  for (const item of items) {
    if (item.inputType === "Switch") values[item.name] = item.value === 1 ? "on" : undefined;
    else if (item.inputType !== "Password") values[item.name] = display(item.value);
  }
  return values;
}

interface ConfigInputProps {
  item: ConfigItem;
  id: string;
  name: string;
  /** What the control shows first: the stored value, or what was typed when the save was refused. */
  initial: unknown;
  /** Options for selects whose choices come from elsewhere (models, published agents). */
  options?: SelectOption[];
  invalid: boolean;
  describedBy: string;
  autoFocus?: boolean;
}

/** The control for one setting, chosen by its inputType. */
export function ConfigInput({ item, id, name, initial, options, invalid, describedBy, autoFocus }: ConfigInputProps) {
  const common = { id, name, autoFocus, "aria-invalid": invalid || undefined, "aria-describedby": describedBy };
  const text = typeof initial === "string" ? initial : "";
  switch (item.inputType) {
    case "Textarea":
      return <Textarea {...common} defaultValue={text} rows={4} />;
    case "Number":
      return <Input {...common} type="number" step={1} defaultValue={text} className="max-w-48" />;
    case "Switch":
      return (
        <input
          {...common}
          type="checkbox"
          defaultChecked={initial === "on"}
          className="size-4 self-start accent-primary-600"
        />
      );
    case "Password":
      // The stored secret never reaches the page: empty means "keep it", typing replaces it.
      return (
        <Input
          {...common}
          type="password"
          autoComplete="new-password"
          placeholder={item.value ? "已设置（不修改请留空）" : "未设置"}
          className="max-w-md"
        />
      );
    case "Select":
      return (
        <Select {...common} defaultValue={text} options={options ?? parseOptions(item.options)} className="max-w-md" />
      );
    default:
      return <Input {...common} type="text" defaultValue={text} className="max-w-md" />;
  }
}
