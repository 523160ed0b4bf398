import { expect, type Locator, type Page, test } from "@playwright/test";
import { signInAdmin } from "./support";
import {
  attachScreenshot,
  autosaved,
  canvasNode,
  connectHandles,
  createWorkflow,
  dragFromPalette,
  openWorkflowLibrary,
  saved,
  uniqueWorkflow,
} from "./workflow-support";

test.use({ viewport: { width: 1280, height: 800 } });

const drawer = (page: Page) => page.getByRole("complementary", { name: "侧边栏" });
const palette = (page: Page) => page.getByRole("navigation", { name: "节点" });
const handle = (page: Page, label: string) => page.locator(`[aria-label="${label}"]`);

/**
 * A port's "+", then the palette item: the new node is added after the port and connected to it. The "+" is clicked
 * again if the palette does not take it: a node added just before lands while the click is in flight and redraws
 * the canvas (CI once lost the pick that way under load).
 */
async function addAfter(page: Page, plus: string, kind: string) {
  await expect(async () => {
    await page.getByRole("button", { name: plus }).click();
    await expect(palette(page).getByRole("status")).toContainText("后面的节点", { timeout: 2000 });
  }).toPass();
  await palette(page).getByRole("button", { name: kind, exact: true }).click();
}

/** Fits the graph into view: the canvas renders only the nodes inside the viewport. */
const fitView = (page: Page) => page.locator(".react-flow__controls-fitview").click();

/** Opens a node's form by clicking it on the canvas, after bringing the whole graph into view. */
async function openNode(page: Page, name: string, form: string) {
  await fitView(page);
  await canvasNode(page, name).click({ position: { x: 40, y: 14 } });
  await expect(drawer(page).getByRole("form", { name: form })).toBeVisible();
}

test("a builder draws a workflow with a branch and a loop by mouse, runs it, answers its question and publishes it", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
  await openWorkflowLibrary(page);
  const name = uniqueWorkflow("画布");
  await createWorkflow(page, name);
  await expect(canvasNode(page, "开始")).toBeVisible();
  await expect(canvasNode(page, "结束")).toBeVisible();

  // The new workflow's Start → End edge goes: selected and deleted with the keyboard.
  const startId = await canvasNode(page, "开始").getAttribute("data-id");
  const endId = await canvasNode(page, "结束").getAttribute("data-id");
  // Edges are focusable: Enter selects the focused one, Delete removes it.
  await page.locator(`.react-flow__edge[data-id="${startId}-out->${endId}"]`).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Delete");
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);

  // Start takes a parameter the branch compares.
  await openNode(page, "开始", "开始节点设置");
  await drawer(page).getByRole("button", { name: "添加输入参数" }).click();
  await drawer(page).getByLabel("参数名称").fill("city");

  // Start → 条件分支: 如果 → 问答 → 结束; 否则 → 循环 → 结束.
  await addAfter(page, "在「开始」后添加节点", "条件分支");
  await expect(canvasNode(page, "条件分支")).toBeVisible();
  await addAfter(page, "在「条件分支」的「如果」后添加节点", "问答");
  await expect(canvasNode(page, "问答")).toBeVisible();
  await addAfter(page, "在「条件分支」的「否则」后添加节点", "循环");
  await expect(canvasNode(page, "循环")).toBeVisible();
  await fitView(page);
  // A drag that ends as an autosave's check redraws the nodes is sometimes lost (seen once in six runs): drawn again.
  const edges = page.locator(".react-flow__edge");
  await expect(async () => {
    await connectHandles(page, handle(page, "问答 的输出端口"), handle(page, "结束 的输入端口"));
    await expect(edges).toHaveCount(5, { timeout: 2000 });
  }).toPass();
  await expect(async () => {
    await connectHandles(page, handle(page, "循环 的输出端口").first(), handle(page, "结束 的输入端口"));
    await expect(edges).toHaveCount(6, { timeout: 2000 });
  }).toPass();

  // A text node dropped on the loop body's edge lands inside the loop, between its start and end.
  const loopStart = await canvasNode(page, "循环开始").getAttribute("data-id");
  const loopEnd = await canvasNode(page, "循环结束").getAttribute("data-id");
  // The drop, too, was lost once under load: dropped again until the node is there (never twice: the edge is gone).
  const textNode = canvasNode(page, "文本处理");
  await expect(async () => {
    if (!(await textNode.isVisible())) {
      await dragFromPalette(
        page,
        "文本处理",
        page.locator(`.react-flow__edge[data-id="${loopStart}-out->${loopEnd}"]`),
      );
    }
    await expect(textNode).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(page.locator(`.react-flow__edge[data-id="${loopStart}-out->${loopEnd}"]`)).toHaveCount(0);
  await expect(page.locator(".react-flow__node")).toHaveCount(8);

  // Settings: the condition, the question, two iterations, the text.
  await openNode(page, "条件分支", "条件分支节点设置");
  const ifBranch = drawer(page).getByRole("group", { name: "如果" });
  await ifBranch.getByRole("button", { name: "添加条件" }).click();
  await ifBranch.getByLabel("如果条件 1变量").selectOption({ label: "开始 - city" });
  await ifBranch.getByLabel("如果条件 1比较值").fill("北京");
  await openNode(page, "问答", "问答节点设置");
  await drawer(page).getByLabel("提问内容", { exact: true }).fill("你想去哪里？");
  await openNode(page, "循环", "循环节点设置");
  await drawer(page).getByText("指定次数循环").click();
  await drawer(page).getByLabel("循环次数").fill("2");
  await openNode(page, "文本处理", "文本处理节点设置");
  await drawer(page).getByLabel("拼接文本", { exact: true }).fill("又一次");
  await saved(page);
  await expect(page.locator(".react-flow__node .text-danger-600")).toHaveCount(0);
  await attachScreenshot(page, testInfo, "workflow-canvas");

  // Undo and redo the last edit; the text comes back.
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+Shift+z");
  await saved(page);

  // 试运行 along 如果: the QA node asks, the answer finishes the run.
  await page.getByRole("button", { name: "试运行" }).click();
  const run = drawer(page).getByRole("region", { name: "试运行" });
  await run.getByLabel(/^city/).fill("北京");
  await run.getByRole("button", { name: "运行" }).click();
  const question = run.getByRole("form", { name: "回答问题" });
  await expect(question).toContainText("你想去哪里？");
  await question.getByLabel("你的回答").fill("上海");
  await question.getByRole("button", { name: "发送" }).click();
  await expect(run.getByRole("status")).toContainText("运行成功");
  await expect(run.getByRole("list", { name: "节点运行顺序" })).toContainText("问答");
  await attachScreenshot(page, testInfo, "workflow-run-qa");

  // 试运行 along 否则: the loop runs twice and its body's results page by iteration.
  await run.getByLabel(/^city/).fill("广州");
  await run.getByRole("button", { name: "运行" }).click();
  await expect(run.getByRole("status")).toContainText("运行成功");
  await run
    .getByRole("list", { name: "节点运行顺序" })
    .getByRole("button", { name: /文本处理/ })
    .click();
  const pages = drawer(page).getByRole("navigation", { name: "执行次数" });
  await expect(pages.getByRole("button", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("button", { name: "1", exact: true }).click();
  await expect(drawer(page).getByRole("region", { name: "节点运行结果" })).toContainText("又一次");
  await attachScreenshot(page, testInfo, "workflow-run-loop");

  // 发布 checks first, then the publish page.
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(page.getByRole("heading", { name: "发布工作流" })).toBeVisible();
  await page.getByLabel("允许复制").check();
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(page.getByText(/^(发布成功|已提交审核，请等待管理员审核)$/)).toBeVisible();

  // Reloading the editor shows the same graph: everything was saved.
  await page.goBack();
  await page.reload();
  await fitView(page);
  await expect(page.locator(".react-flow__node")).toHaveCount(8);
  await expect(page.locator(".react-flow__edge")).toHaveCount(7);
});

test("a node runs on its own from its form and shows its output; a kind that cannot is refused by name", async ({
  page,
}) => {
  await signInAdmin(page);
  await openWorkflowLibrary(page);
  await createWorkflow(page, uniqueWorkflow("单节点"));
  await addAfter(page, "在「开始」后添加节点", "文本处理");
  await openNode(page, "文本处理", "文本处理节点设置");
  await drawer(page).getByLabel("拼接文本", { exact: true }).fill("单独运行的结果");
  await saved(page);
  await drawer(page).getByText("单独运行此节点").click();
  const single = drawer(page).getByRole("form", { name: "单独运行此节点" });
  await expect(single).toContainText("此节点没有引用上游节点的参数");
  await single.getByRole("button", { name: "运行节点" }).click();
  await expect(drawer(page).getByRole("region", { name: "节点运行结果" })).toContainText("单独运行的结果");

  await addAfter(page, "在「文本处理」后添加节点", "条件分支");
  await openNode(page, "条件分支", "条件分支节点设置");
  await saved(page);
  await drawer(page).getByText("单独运行此节点").click();
  await drawer(page).getByRole("form", { name: "单独运行此节点" }).getByRole("button", { name: "运行节点" }).click();
  await expect(drawer(page).getByRole("form", { name: "单独运行此节点" }).getByRole("alert")).toContainText(
    "「条件分支」节点不能单独试运行",
  );
});

/** The `transform` of an element's inline style: where a node sits, or the canvas's pan and zoom. */
const transformOf = async (element: Locator) =>
  /transform:[^;]+/.exec((await element.getAttribute("style")) ?? "")?.[0];

test("undo and redo across autosaves, problems by node, the Start node's system variables, the view kept, closing the tab", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await openWorkflowLibrary(page);
  const path = await createWorkflow(page, uniqueWorkflow("撤销"));

  // Added (saved), undone (saved: the server drops it), redone (saved: the server takes it back under its id).
  await autosaved(page, () => addAfter(page, "在「开始」后添加节点", "文本处理"));
  await page.getByRole("heading", { level: 1 }).click();
  await autosaved(page, () => page.keyboard.press("Control+z"));
  await expect(canvasNode(page, "文本处理")).toHaveCount(0);
  await autosaved(page, () => page.keyboard.press("Control+Shift+z"));
  await expect(canvasNode(page, "文本处理")).toBeVisible();
  await page.reload();
  await expect(canvasNode(page, "文本处理")).toBeVisible();

  // Its empty text is marked on the node; 发布 checks first and lists the problems by node.
  await expect(canvasNode(page, "文本处理")).toContainText("请填写要拼接的文本");
  await page.getByRole("button", { name: "发布", exact: true }).click();
  const problems = drawer(page).getByRole("region", { name: "问题列表" });
  await expect(problems).toContainText("请填写要拼接的文本");
  await problems.getByRole("button", { name: "文本处理", exact: true }).click();

  // The Start node's system variables are picked like its parameters, and a run fills them in.
  const form = drawer(page).getByRole("form", { name: "文本处理节点设置" });
  await form.getByRole("button", { name: "添加输入参数" }).click();
  await form.getByLabel("第 1 个参数引用").selectOption({ label: "开始 - USER_NAME" });
  await form.getByLabel("拼接文本", { exact: true }).fill("你好 {{USER_NAME}}");
  await fitView(page);
  await connectHandles(page, handle(page, "文本处理 的输出端口"), handle(page, "结束 的输入端口"));
  await expect(canvasNode(page, "文本处理")).not.toContainText("个问题");
  await page.getByRole("button", { name: "试运行" }).click();
  const run = drawer(page).getByRole("region", { name: "试运行" });
  await run.getByRole("button", { name: "运行" }).click();
  await expect(run.getByRole("status")).toContainText("运行成功");
  await run
    .getByRole("list", { name: "节点运行顺序" })
    .getByRole("button", { name: /文本处理/ })
    .click();
  await expect(drawer(page).getByRole("region", { name: "节点运行结果" })).toContainText("你好 admin");

  // A node moved and the view zoomed out by mouse are where they were after a reload.
  const node = canvasNode(page, "文本处理");
  const at = (await node.boundingBox())!;
  await autosaved(page, async () => {
    await page.mouse.move(at.x + 40, at.y + 14);
    await page.mouse.down();
    await page.mouse.move(at.x + 120, at.y + 70, { steps: 8 });
    await page.mouse.up();
  });
  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  await autosaved(page, async () => {
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    await page.mouse.wheel(0, 200);
  });
  const viewport = page.locator(".react-flow__viewport");
  const [moved, zoomed] = [await transformOf(node), await transformOf(viewport)];
  await page.reload();
  await expect(canvasNode(page, "文本处理")).toBeVisible();
  await expect.poll(() => transformOf(viewport)).toBe(zoomed);
  await expect.poll(() => transformOf(canvasNode(page, "文本处理"))).toBe(moved);

  // Closing the tab right after an edit loses nothing: the edit leaves with the page.
  await canvasNode(page, "文本处理").click({ position: { x: 40, y: 14 } });
  await drawer(page).getByLabel("拼接文本", { exact: true }).fill("关闭标签页之前的修改");
  await page.close({ runBeforeUnload: true });
  const again = await context.newPage();
  await expect(async () => {
    await again.goto(path);
    await canvasNode(again, "文本处理").click({ position: { x: 40, y: 14 } });
    await expect(drawer(again).getByLabel("拼接文本", { exact: true })).toHaveValue("关闭标签页之前的修改", {
      timeout: 1000,
    });
  }).toPass();
});
