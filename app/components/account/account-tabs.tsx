import { Tabs } from "../ui/tabs";

/** 设置's sections, as the original's settings dialog has them; each is its own page so all work without JS. */
const sections = [
  { key: "profile", label: "账号", to: "/profile" },
  { key: "email", label: "邮箱绑定", to: "/account/email" },
  { key: "password", label: "重置密码", to: "/account/password" },
  { key: "theme", label: "主题", to: "/account/theme" },
] as const;

export type AccountSection = (typeof sections)[number]["key"];

export function AccountTabs({ active }: { active: AccountSection }) {
  return (
    <div className="max-w-xl">
      <Tabs label="设置" active={active} items={sections} />
    </div>
  );
}
