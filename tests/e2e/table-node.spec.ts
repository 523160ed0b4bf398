import { expect, type Page, test } from "@playwright/test";
import { call } from "./chat-support";
import { signInAdmin } from "./support";
import { uniqueTable } from "./table-support";
import { canvasNode, createWorkflow, openWorkflowLibrary, saved, uniqueWorkflow } from "./workflow-support";

/** The workflow editor's table nodes: pick the table, fill what the node needs, run the node alone. */
const drawer = (page: Page) => page.getByRole("complementary", { name: "侧边栏" });
const palette = (page: Page) => page.getByRole("navigation", { name: "节点" });

async function addAfter(page: Page, plus: string, kind: string) {
  await page.getByRole("button", { name: plus }).click();
  await expect(palette(page).getByRole("status")).toContainText("后面的节点");
  await palette(page).getByRole("button", { name: kind, exact: true }).click();
}

async function openNode(page: Page, name: string) {
  await page.locator(".react-flow__controls-fitview").click();
  await canvasNode(page, name).click({ position: { x: 40, y: 14 } });
  const form = drawer(page).getByRole("form", { name: `${name}节点设置` });
  await expect(form).toBeVisible();
  return form;
}

async function runAlone(page: Page) {
  await saved(page);
  await drawer(page).getByText("单独运行此节点").click();
  await drawer(page).getByRole("form", { name: "单独运行此节点" }).getByRole("button", { name: "运行节点" }).click();
  return drawer(page).getByRole("region", { name: "节点运行结果" });
}

test("a table's nodes: 数据新增 from the fields, then SQL自定义 reads the row back", async ({ page }) => {
  await signInAdmin(page);
  const spaceId = await openWorkflowLibrary(page);
  const name = uniqueTable("节点表");
  const tableId = await call<number>(page, "/api/compose/db/table/add", { spaceId, tableName: name });
  await call(page, "/api/compose/db/table/updateTableDefinition", {
    id: tableId,
    fieldList: [
      { fieldName: "title", fieldType: 1, fieldDescription: "标题" },
      { fieldName: "score", fieldType: 2 },
    ],
  });
  await createWorkflow(page, uniqueWorkflow("表节点"));

  await addAfter(page, "在「开始」后添加节点", "数据新增");
  const add = await openNode(page, "数据新增");
  await add.getByLabel("数据表", { exact: true }).selectOption({ label: name });
  await add.getByRole("button", { name: "按表字段添加参数" }).click();
  await add.getByLabel("title值").fill("来自工作流");
  await add.getByLabel("score值").fill("7");
  await expect(await runAlone(page)).toContainText('"rowNum": 1');

  await addAfter(page, "在「数据新增」后添加节点", "SQL自定义");
  const custom = await openNode(page, "SQL自定义");
  await custom.getByLabel("数据表", { exact: true }).selectOption({ label: name });
  // The assistant streams the default model's answer (here the offline model's).
  await custom.getByLabel("SQL 助手：描述要查询或修改的数据").fill("查出全部标题");
  await custom.getByRole("button", { name: "生成 SQL" }).click();
  await expect(custom.getByRole("button", { name: "使用此 SQL" })).toBeEnabled();
  await custom.getByLabel("SQL", { exact: true }).fill(`select title, score from ${name} order by id`);
  const result = await runAlone(page);
  await expect(result).toContainText('"title": "来自工作流"');
  await expect(result).toContainText('"score": 7');
});
