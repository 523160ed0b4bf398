import { expect, type Page } from "@playwright/test";
import { argRow, createPlugin, openLibrary, test, uniquePlugin } from "./plugin-support";
import { call } from "./publish-support";
import { hydrated, signInAdmin } from "./support";

/** Every request the page makes, to check where its code comes from. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (req) => urls.push(req.url()));
  return urls;
}

const clickSave = (page: Page) => page.getByRole("button", { name: "保存", exact: true }).click();

/** Saves and waits for the action to answer: the toast of an earlier save may still be showing. */
async function save(page: Page) {
  const answered = page.waitForResponse((res) => res.request().method() === "POST");
  await clickSave(page);
  await answered;
}

test.describe("plugins with JavaScript", () => {
  test("build an HTTP plugin against a local API, run it, parse its output and save", async ({ page, greet }) => {
    test.slow(); // Nine saves and runs, a reload and a restore: a long walk on a loaded machine.
    const requests = recordRequests(page);
    await signInAdmin(page);
    await openLibrary(page);
    await hydrated(page.getByLabel("新建组件"));
    const name = uniquePlugin("问候");
    await createPlugin(page, name, "HTTP 插件");
    await hydrated(page.getByLabel("请求地址"));

    await page.getByLabel("请求地址").fill(`${greet.url}/greet/{id}`);
    const inputs = page.getByRole("region", { name: "入参配置" });
    // Rows are added in place with JavaScript (no round trip).
    await inputs.getByRole("button", { name: "添加入参" }).click();
    await inputs.getByRole("button", { name: "添加入参" }).click();
    const id = argRow(page, "入参配置", 0);
    await id.getByLabel("参数名称").fill("id");
    await id.getByLabel("参数类型").selectOption("Integer");
    await id.getByLabel("传入方式").selectOption("Path");
    await id.getByRole("checkbox").first().check();
    const who = argRow(page, "入参配置", 1);
    await who.getByLabel("参数名称").fill("name");
    await who.getByLabel("默认值").fill("小明");

    // A row without a name is refused before anything is posted; removing it lets the save through.
    await inputs.getByRole("button", { name: "添加入参" }).click();
    await clickSave(page);
    await expect(argRow(page, "入参配置", 2).getByText("不能为空")).toBeVisible();
    await expect(argRow(page, "入参配置", 2).getByLabel("参数名称")).toBeFocused();
    await argRow(page, "入参配置", 2).getByRole("button", { name: /^删除/ }).click();
    await save(page);
    await expect(page.getByText("已保存", { exact: true }).last()).toBeVisible();
    await expect(argRow(page, "入参配置", 0).getByLabel("参数名称")).toHaveValue("id");
    await expect(argRow(page, "入参配置", 0).getByLabel("传入方式")).toHaveValue("Path");

    // 试运行 against the saved configuration: status, headers, body and the time taken.
    const panel = page.getByRole("region", { name: "试运行" });
    await panel.getByLabel(/^id/).fill("7");
    await panel.getByRole("button", { name: "运行" }).click();
    const result = panel.getByRole("region", { name: "运行结果" });
    await expect(result).toContainText("运行成功");
    await expect(result).toContainText("状态码 200");
    await expect(result).toContainText("你好，小明");
    await expect(result).toContainText("x-greet: yes");
    await expect(result).toContainText(/耗时 \d+ 毫秒/);

    // 解析出参 fills the output table from the response; 保存 keeps it.
    await panel.getByRole("button", { name: "解析出参" }).click();
    await expect(panel.getByText(/已根据运行结果生成 \d+ 个出参/)).toBeVisible();
    const outputNames = page.getByRole("region", { name: "出参配置" }).getByLabel("参数名称");
    await expect(outputNames.first()).toHaveValue("greeting");
    await save(page);
    await expect(page.getByText("已保存", { exact: true }).last()).toBeVisible();
    await page.reload();
    await expect(outputNames.first()).toHaveValue("greeting");
    await expect(outputNames.nth(1)).toHaveValue("id");

    // An answer other than 2xx shows its status.
    await page.getByLabel("请求地址").fill(`${greet.url}/nowhere/{id}`);
    await save(page);
    await expect(page.getByText("已保存", { exact: true }).last()).toBeVisible();
    await panel.getByLabel(/^id/).fill("7");
    await panel.getByRole("button", { name: "运行" }).click();
    await expect(result).toContainText("状态码 404");

    // History lists each save and restores an earlier one.
    await page.getByRole("link", { name: "历史" }).click();
    const history = page.getByRole("complementary");
    await expect(history.getByRole("button", { name: /^恢复到/ }).first()).toBeVisible();
    await history
      .getByRole("button", { name: /^恢复到/ })
      .nth(1)
      .click();
    await expect(page.getByText("已恢复到所选版本")).toBeVisible();
    await expect(page.getByLabel("请求地址")).toHaveValue(`${greet.url}/greet/{id}`);

    // Monaco belongs to the code plugin page only.
    expect(requests.filter((u) => /monaco|editor\.worker/.test(u))).toEqual([]);
  });

  test("a JavaScript code plugin written in Monaco runs with sample args and shows its logs", async ({
    page,
    baseURL,
  }) => {
    test.slow(); // Monaco's first load and two saves.
    const requests = recordRequests(page);
    await signInAdmin(page);
    await openLibrary(page);
    await hydrated(page.getByLabel("新建组件"));
    const name = uniquePlugin("加法");
    await createPlugin(page, name, "代码插件", { language: "JavaScript" });
    const editor = page.locator(".monaco-editor").first();
    await expect(editor).toBeVisible();
    await expect(editor).toContainText("export default async function main");

    // 元数据: two integer inputs.
    await page.getByRole("link", { name: "元数据" }).click();
    await expect(page).toHaveURL(/mode=metadata/);
    const inputs = page.getByRole("region", { name: "入参配置" });
    await hydrated(inputs.getByRole("button", { name: "添加入参" }));
    for (const [i, arg] of ["a", "b"].entries()) {
      await inputs.getByRole("button", { name: "添加入参" }).click();
      await argRow(page, "入参配置", i).getByLabel("参数名称").fill(arg);
      await argRow(page, "入参配置", i).getByLabel("参数类型").selectOption("Integer");
    }
    await save(page);
    await expect(page.getByText("已保存", { exact: true }).last()).toBeVisible();

    // 代码: replace the starter code in Monaco and save.
    await page.getByRole("link", { name: "代码", exact: true }).click();
    await expect(editor).toBeVisible();
    await editor.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    // Pasted (typing would let Monaco close each bracket a second time).
    await page.evaluate((code) => {
      const data = new DataTransfer();
      data.setData("text/plain", code);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, 'export default async function main(args) {\n  console.log("收到", args.a, args.b);\n  return { sum: args.a + args.b };\n}\n');
    await save(page);
    await expect(page.getByText("已保存", { exact: true }).last()).toBeVisible();
    await page.reload();
    await expect(editor).toContainText("args.a + args.b");

    const panel = page.getByRole("region", { name: "试运行" });
    await panel.getByLabel(/^a/).fill("2");
    await panel.getByLabel(/^b/).fill("3");
    await panel.getByRole("button", { name: "运行" }).click();
    const result = panel.getByRole("region", { name: "运行结果" });
    await expect(result).toContainText("运行成功");
    await expect(result.getByRole("heading", { name: "输出" }).locator("..")).toContainText('"sum": 5');
    await expect(result.getByRole("heading", { name: "日志" }).locator("..")).toContainText("收到 2 3");

    // The editor, its worker and its languages came from this server: no CDN request at all.
    const origin = new URL(baseURL ?? "http://127.0.0.1:3100").origin;
    const foreign = requests.filter(
      (u) => !u.startsWith("data:") && !u.startsWith("blob:") && new URL(u).origin !== origin,
    );
    expect(foreign).toEqual([]);
    expect(requests.some((u) => /\/assets\/monaco-editor-[\w-]+\.js$/.test(u))).toBe(true);
  });

  test("publish a plugin to the square; the square's plugin tab copies it into a space", async ({ page }) => {
    await signInAdmin(page);
    await openLibrary(page);
    await hydrated(page.getByLabel("新建组件"));
    const name = uniquePlugin("广场插件");
    await createPlugin(page, name, "HTTP 插件");
    await page.getByLabel("请求地址").fill("http://127.0.0.1:9/ping");
    await save(page);
    await expect(page.getByText("已保存", { exact: true }).last()).toBeVisible();

    await page.getByRole("link", { name: "发布", exact: true }).click();
    await expect(page.getByRole("heading", { name: "发布插件" })).toBeVisible();
    await page.getByLabel("允许复制").check();
    await page.getByRole("button", { name: "发布", exact: true }).click();
    // Whether a square application waits for the audit is the tenant's pluginPublishAudit setting.
    const outcome = page.getByText(/^(发布成功|已提交审核，请等待管理员审核)$/);
    await expect(outcome).toBeVisible();
    if ((await outcome.textContent()) !== "发布成功") {
      // The admin approves it (the audit pages are tested with agents).
      const applies = await call<{ records: { id: number; name: string }[] }>(page, "/api/system/publish/apply/list", {
        pageNo: 1,
        pageSize: 20,
        queryFilter: { targetType: "Plugin" },
      });
      const apply = applies.records.find((r) => r.name === name);
      expect(apply, `application of ${name}`).toBeTruthy();
      await call(page, `/api/system/publish/${apply?.id}`, {});
    }
    await page.reload();
    await expect(page.getByRole("table").getByText("已发布")).toBeVisible();

    await page.goto("/square?cate_type=Plugin");
    await expect(
      page.getByRole("navigation", { name: "广场分类" }).getByRole("link", { name: "插件" }),
    ).toHaveAttribute("aria-current", "page");
    await page.getByLabel("搜索插件").fill(name);
    await page.getByRole("button", { name: "搜索" }).click();
    const card = page.getByRole("article", { name });
    await expect(card).toContainText("HTTP 插件");
    await card.getByRole("button", { name: "复制到空间" }).click();
    await expect(page.getByText("插件已复制到空间")).toBeVisible();
    await expect(page).toHaveURL(/\/space\/\d+\/plugin\/\d+$/);
    await expect(page.getByLabel("请求地址")).toHaveValue("http://127.0.0.1:9/ping");
  });
});
