import { Form, redirect, useRouteLoaderData } from "react-router";
import { AccountTabs } from "../components/account/account-tabs";
import { isTheme, type Theme, themeCookie, themeLabels, themes } from "../components/account/theme";
import { PageHeader } from "../components/page-header";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FormErrors } from "../components/ui/field";
import { pageTitle } from "../lib/meta";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/account-theme";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "主题");

const hints: Record<Theme, string> = {
  light: "始终使用浅色界面",
  dark: "始终使用深色界面，夜间更护眼",
  system: "随设备的浅色/深色设置自动切换",
};

export async function action({ request }: Route.ActionArgs) {
  const theme = (await request.formData()).get("theme");
  if (!isTheme(theme)) return { error: "请选择一个主题" };
  // A redirect (not a toast): the page itself shows the new colours, which is the confirmation.
  return redirect("/account/theme", { headers: { "Set-Cookie": themeCookie(request, theme) } });
}

/** 设置 → 主题: stored in the `theme` cookie, which the document shell applies from the first paint. */
export default function AccountThemePage({ actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { theme?: Theme } | undefined;
  const current = root?.theme ?? "system";
  const busy = useSubmitting("theme");
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <PageHeader title="设置" description="账号、邮箱、密码与外观" />
      <AccountTabs active="theme" />
      <Card title="界面主题" description="只影响当前浏览器。" className="max-w-xl">
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="theme" />
          <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">主题</legend>
            {themes.map((theme) => (
              <label
                key={theme}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 px-4 py-3 has-[:checked]:border-primary-500 has-[:checked]:bg-primary-50"
              >
                <input type="radio" name="theme" value={theme} defaultChecked={theme === current} className="mt-1" />
                <span className="flex flex-col">
                  <span className="font-medium text-gray-900">{themeLabels[theme]}</span>
                  <span className="text-[13px] text-gray-500">{hints[theme]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" loading={busy}>
              应用
            </Button>
          </div>
        </Form>
      </Card>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
