import { expect, type Page } from "@playwright/test";
import { argRow, createPlugin, openLibrary, test, uniquePlugin } from "./plugin-support";
import { signInAdmin } from "./support";

test.use({ javaScriptEnabled: false });

const save = (page: Page) => page.getByRole("button", { name: "保存", exact: true }).click();
const saved = (page: Page) => expect(page.getByText("已保存", { exact: true })).toBeAttached();

test("build, run, parse and save an HTTP plugin without JavaScript", async ({ page, greet }) => {
  await signInAdmin(page);
  await openLibrary(page);
  await createPlugin(page, uniquePlugin("无脚本"), "HTTP 插件", { javaScript: false });

  // 添加入参 posts the form and comes back with one more row; what was typed is kept.
  await page.getByLabel("请求地址").fill(`${greet.url}/greet/{id}`);
  await page.getByRole("button", { name: "添加入参" }).click();
  await expect(page.getByLabel("请求地址")).toHaveValue(`${greet.url}/greet/{id}`);
  await argRow(page, "入参配置", 0).getByLabel("参数名称").fill("id");
  await argRow(page, "入参配置", 0).getByLabel("传入方式").selectOption("Path");
  await page.getByRole("button", { name: "添加入参" }).click();
  await expect(argRow(page, "入参配置", 0).getByLabel("参数名称")).toHaveValue("id");
  await argRow(page, "入参配置", 1).getByLabel("参数名称").fill("name");
  await argRow(page, "入参配置", 1).getByLabel("默认值").fill("小红");

  // The server checks by the contract's rules and answers under the field, keeping the rows.
  await page.getByLabel("超时时间（秒）").fill("99");
  await save(page);
  await expect(page.getByText("超时时间最多 60 秒")).toBeVisible();
  await expect(page.getByLabel("超时时间（秒）")).toBeFocused();
  await expect(argRow(page, "入参配置", 1).getByLabel("默认值")).toHaveValue("小红");
  await page.getByLabel("超时时间（秒）").fill("5");
  await save(page);
  await saved(page);
  await expect(argRow(page, "入参配置", 0).getByLabel("传入方式")).toHaveValue("Path");

  // 试运行 and 解析出参 are plain posts too.
  const panel = page.getByRole("region", { name: "试运行" });
  await panel.getByLabel(/^id/).fill("3");
  await panel.getByRole("button", { name: "运行" }).click();
  const result = page.getByRole("region", { name: "运行结果" });
  await expect(result).toContainText("运行成功");
  await expect(result).toContainText("你好，小红");
  await page.getByRole("region", { name: "试运行" }).getByLabel(/^id/).fill("3");
  await page.getByRole("region", { name: "试运行" }).getByRole("button", { name: "解析出参" }).click();
  await expect(page.getByText(/已根据运行结果生成 \d+ 个出参/)).toBeVisible();
  const outputNames = page.getByRole("region", { name: "出参配置" }).getByLabel("参数名称");
  await expect(outputNames.first()).toHaveValue("greeting");
  await save(page);
  await saved(page);
  await expect(outputNames.first()).toHaveValue("greeting");

  // A row's 删除 is a post as well; the saved plugin then has one input left.
  await argRow(page, "入参配置", 1).getByRole("button", { name: /^删除/ }).click();
  await save(page);
  await saved(page);
  await expect(page.getByRole("region", { name: "入参配置" }).getByLabel("参数名称")).toHaveCount(1);
});

test("a code plugin without JavaScript: a plain textarea saves and runs the code", async ({ page }) => {
  await signInAdmin(page);
  await openLibrary(page);
  await createPlugin(page, uniquePlugin("无脚本代码"), "代码插件", { javaScript: false, language: "Python" });
  const code = page.getByRole("textbox", { name: "代码" });
  await expect(code).toHaveValue(/def main\(args: dict\) -> dict:/);
  await code.fill('def main(args: dict) -> dict:\n    print("无脚本运行")\n    return {"answer": 42}\n');
  await save(page);
  await saved(page);
  await expect(code).toHaveValue(/"answer": 42/);

  await page.getByRole("region", { name: "试运行" }).getByRole("button", { name: "运行" }).click();
  const result = page.getByRole("region", { name: "运行结果" });
  await expect(result).toContainText("运行成功");
  await expect(result).toContainText('"answer": 42');
  await expect(result).toContainText("无脚本运行");
  await expect(page.getByRole("region", { name: "代码助手" })).toContainText("需要启用 JavaScript");
});

test("delete a plugin from the library after its confirmation", async ({ page }) => {
  await signInAdmin(page);
  await openLibrary(page);
  const name = uniquePlugin("待删除");
  await createPlugin(page, name, "HTTP 插件", { javaScript: false });
  await page.getByRole("link", { name: "返回组件库" }).click();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await page.getByLabel(`${name}的更多操作`).click();
  await page.locator("details[open]").getByRole("link", { name: "删除" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`确定删除插件「${name}」吗？`);
  await confirm.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText(`插件「${name}」已删除`)).toBeAttached();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("copy a plugin to a space from the library's row menu", async ({ page }) => {
  await signInAdmin(page);
  await openLibrary(page);
  const name = uniquePlugin("待复制");
  await createPlugin(page, name, "HTTP 插件", { javaScript: false });
  await page.getByRole("link", { name: "返回组件库" }).click();
  // The row's menu is a link to the library with that menu drawn open (?menu=), the row in view.
  await page.getByLabel(`${name}的更多操作`).click();
  await expect(page).toHaveURL(/[?&]menu=Plugin%3A\d+#row-Plugin-\d+$/);
  await page.locator("details[open]").getByRole("link", { name: "复制到空间" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`把插件「${name}」复制一份到：`);
  await confirm.getByRole("button", { name: "复制" }).click();
  await expect(page.getByText(`插件「${name}」已复制`)).toBeAttached();
  // The copy opens on its own page, under a new name.
  await expect(page.getByLabel("请求地址")).toBeVisible();
  await page.getByRole("link", { name: "返回组件库" }).click();
  // Two rows named after it (each row's menu trigger is a link too, named "…的更多操作").
  await expect(page.getByRole("link", { name: new RegExp(`^${name}(?!.*的更多操作$)`) })).toHaveCount(2);
});
