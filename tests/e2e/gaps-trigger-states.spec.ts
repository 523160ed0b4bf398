import { expect, type Page } from "@playwright/test";
import { call } from "./chat-support";
import { type GreetServer, test } from "./plugin-support";
import { signInAdmin } from "./support";
import { agentWithPlugin } from "./trigger-support";

/**
 * The agent editor's 触发器 section says what the triggers page says of each trigger — whether it runs, why not
 * (a copy's 已复制的触发器需手动启用), its next tick and its last run — and 启用 starts a copied one from there,
 * with and without JavaScript.
 */

/** An agent with a TIME trigger 早报 and an EVENT trigger 来电 running a published plugin; answers the event's token. */
async function agentWithTriggers(page: Page, greet: GreetServer) {
  await signInAdmin(page);
  const { agentId, spaceId, pluginId } = await agentWithPlugin(page, greet.url);
  const target = { componentType: "PLUGIN", componentId: pluginId, timeZone: "Asia/Shanghai" };
  const name = [{ name: "name", bindValueType: "Input", bindValue: "早报" }];
  await call(page, "/api/agent/component/trigger/add", {
    agentId,
    name: "早报",
    triggerType: "TIME",
    cronExpression: "0 8 * * *",
    argBindConfigs: name,
    ...target,
  });
  const event = await call<{ id: number; eventBearerToken: string; webhookUrl: string }>(
    page,
    "/api/agent/component/trigger/add",
    { agentId, name: "来电", triggerType: "EVENT", argBindConfigs: name, ...target },
  );
  return { agentId, spaceId, event };
}

/** The editor's 触发器 section, opened on its config column. */
async function triggerSection(page: Page, spaceId: number, agentId: number) {
  await page.goto(`/space/${spaceId}/agent/${agentId}?tab=config`);
  const section = page.locator("details").filter({ has: page.locator("summary", { hasText: "触发器" }) });
  await expect(section).toHaveAttribute("open", "");
  return {
    item: (name: string) => section.getByRole("listitem").filter({ hasText: name }),
  };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the editor shows each trigger's state and last run; 启用 starts a copied one", async ({ page, greet }) => {
      const { agentId, spaceId, event } = await agentWithTriggers(page, greet);
      let editor = await triggerSection(page, spaceId, agentId);
      await expect(editor.item("早报")).toContainText("运行中");
      await expect(editor.item("早报")).toContainText("下次运行");
      await expect(editor.item("早报")).toContainText("还没有运行过");

      // A webhook call runs the EVENT trigger; the editor then names that run.
      const res = await page.request.post(event.webhookUrl, {
        headers: { authorization: `Bearer ${event.eventBearerToken}` },
        data: {},
      });
      expect((await res.json()).code).toBe("0000");
      await expect(async () => {
        editor = await triggerSection(page, spaceId, agentId);
        await expect(editor.item("来电")).toContainText(/上次运行 .+成功/, { timeout: 1000 });
      }).toPass({ timeout: 20_000 });

      const copyId = await call<number>(page, `/api/agent/copy/${agentId}`, {});
      const copy = await triggerSection(page, spaceId, copyId);
      const morning = copy.item("早报");
      await expect(morning).toContainText("未启用");
      await expect(morning).toContainText("已复制的触发器需手动启用");
      await expect(morning).not.toContainText("下次运行");
      await morning.getByRole("button", { name: "启用「早报」" }).click();
      // The triggers page answers the post (an EVENT trigger's new token is shown there, once).
      await expect(page).toHaveURL(new RegExp(`/agent/${copyId}/triggers$`));
      await expect(page.getByText("触发器已启用")).toBeVisible();

      const after = await triggerSection(page, spaceId, copyId);
      await expect(after.item("早报")).toContainText("运行中");
      await expect(after.item("早报")).toContainText("下次运行");
      await expect(after.item("早报")).not.toContainText("已复制的触发器需手动启用");
      await expect(after.item("来电")).toContainText("未启用");
    });
  });
}
