import { expect, type Page, test } from "@playwright/test";
import { call, chatAnswer, createAgent, newPerson, promptLength, signedInAdmin, uniqueName } from "./publish-support";

/** Applies through the publish page, as a builder does from the editor's 发布 button. */
async function applyToSquare(page: import("@playwright/test").Page, spaceId: number, agentId: number, note: string) {
  await page.goto(`/space/${spaceId}/agent/${agentId}/publish`);
  await expect(page.getByRole("heading", { name: "发布智能体" })).toBeVisible();
  await page.getByRole("radio", { name: /广场/ }).check();
  await page.getByLabel("分类").selectOption({ label: "效率工具" });
  await page.getByLabel("发布说明").fill(note);
  await page.getByLabel("允许复制").check();
  await page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(page.getByText("已提交审核，请等待管理员审核")).toBeVisible();
}

test("builder publishes, admin approves, another user chats with the published version until it is taken off", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const builder = await newPerson(browser, "builder");
  const admin = await signedInAdmin(browser);
  const viewer = await newPerson(browser, "viewer");
  const name = uniqueName("广场助手");
  const { agentId, spaceId } = await createAgent(builder.page, name, "你是已发布的客服。");

  // The builder applies: the agent waits for the audit and the record says so.
  await applyToSquare(builder.page, spaceId, agentId, "第一版，请审核");
  const records = builder.page.locator("#publish-records");
  await expect(records.getByRole("row").filter({ hasText: "广场" })).toContainText("审核中");
  await expect(builder.page.getByText("审核中").first()).toBeVisible();

  // The builder waits on another page; no unread messages yet.
  await builder.page.goto("/square");
  await expect(builder.page.getByRole("link", { name: "通知", exact: true })).toBeVisible();

  // The admin reads the snapshot and approves.
  await admin.page.goto(`/system/publish/audit?status=Applying&kw=${encodeURIComponent(name)}`);
  const row = admin.page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("第一版，请审核");
  await expect(row).toContainText("待审核");
  await row.getByRole("link", { name: `查看「${name}」` }).click();
  await expect(admin.page).toHaveURL(/\/system\/publish\/audit\/\d+$/);
  await expect(admin.page.getByText("你是已发布的客服。")).toBeVisible();
  await admin.page.getByRole("link", { name: "返回发布审核" }).click();
  await admin.page.goto(`/system/publish/audit?kw=${encodeURIComponent(name)}`);
  await admin.page.getByRole("button", { name: `通过「${name}」` }).click();
  await expect(admin.page.getByText("已通过，智能体已发布")).toBeVisible();
  await expect(admin.page.getByRole("row").filter({ hasText: name })).toContainText("通过");

  // The builder's bell picks the approval up through the event poller, without a reload.
  await expect(builder.page.getByRole("link", { name: "通知（1 条未读消息）" })).toBeVisible({ timeout: 15_000 });
  await builder.page.goto(`/space/${spaceId}/agent/${agentId}/publish`);
  await expect(records.getByRole("row").filter({ hasText: "广场" })).toContainText("已发布");

  // A third user finds it in the square (category and keyword) and opens it.
  await viewer.page.goto("/square");
  await viewer.page.getByRole("navigation", { name: "分类" }).getByRole("link", { name: "效率工具" }).click();
  await expect(viewer.page).toHaveURL(/category=Efficiency/);
  await viewer.page.getByLabel("搜索智能体").fill(name);
  await viewer.page.getByRole("button", { name: "搜索" }).click();
  const card = viewer.page.getByRole("article").filter({ hasText: name });
  await expect(card).toContainText(builder.nick);
  await expect(card).toContainText("对话次数");
  await card.getByRole("button", { name: `收藏「${name}」` }).click();
  await expect(card.getByRole("button", { name: `取消收藏「${name}」` })).toHaveAttribute("aria-pressed", "true");
  await card.getByRole("link").first().click();
  await expect(viewer.page).toHaveURL(`/agent/${agentId}`);

  const published = promptLength(await chatAnswer(viewer.page, agentId, "你好"));

  // The builder keeps editing the draft; the viewer still runs the published snapshot, the builder's debug chat the draft.
  await call(builder.page, "/api/agent/config/update", {
    id: agentId,
    systemPrompt: "这是修改之后还没有重新发布的草稿提示词。",
  });
  expect(promptLength(await chatAnswer(viewer.page, agentId, "再问一次"))).toBe(published);
  expect(promptLength(await chatAnswer(builder.page, agentId, "调试", true))).not.toBe(published);

  // The admin takes it off the shelf with a reason; it leaves the square and the builder is told why.
  await admin.page.goto(`/system/published/manage?kw=${encodeURIComponent(name)}`);
  await admin.page.getByRole("link", { name: `下架「${name}」` }).click();
  const dialog = admin.page.getByRole("dialog", { name: "下架" });
  await dialog.getByRole("button", { name: "确认下架" }).click();
  await expect(dialog.getByText("请填写下架原因")).toBeVisible();
  await dialog.getByLabel("下架原因").fill("内容需要调整");
  await dialog.getByRole("button", { name: "确认下架" }).click();
  await expect(admin.page.getByText("已下架，已通知发布者")).toBeVisible();
  await expect(admin.page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  await viewer.page.goto(`/square?kw=${encodeURIComponent(name)}`);
  await expect(viewer.page.getByText("暂无数据")).toBeVisible();
  await builder.page.goto("/notifications");
  await expect(builder.page.getByText(`你的智能体「${name}」已从广场下架，原因：内容需要调整`)).toBeVisible();

  for (const person of [builder, admin, viewer]) await person.context.close();
});

test("a rejected application: the builder sees the reason on the publish page and in the notifications", async ({
  browser,
}) => {
  const builder = await newPerson(browser, "rejected");
  const admin = await signedInAdmin(browser);
  const name = uniqueName("被拒助手");
  const { agentId, spaceId } = await createAgent(builder.page, name, "草稿");
  await applyToSquare(builder.page, spaceId, agentId, "请审核");

  await admin.page.goto(`/system/publish/audit?kw=${encodeURIComponent(name)}`);
  await admin.page.getByRole("link", { name: `拒绝「${name}」` }).click();
  const dialog = admin.page.getByRole("dialog", { name: "拒绝发布申请" });
  await dialog.getByLabel("拒绝原因").fill("描述不够清楚");
  await dialog.getByRole("button", { name: "确认拒绝" }).click();
  await expect(admin.page.getByText("已拒绝，已通知申请人")).toBeVisible();
  await expect(admin.page.getByRole("row").filter({ hasText: name })).toContainText("拒绝");

  await builder.page.goto(`/space/${spaceId}/agent/${agentId}/publish`);
  await expect(builder.page.locator("#publish-records")).toContainText("拒绝原因：描述不够清楚");
  await expect(builder.page.getByRole("main").getByText("已拒绝").first()).toBeVisible();

  await builder.page.goto("/notifications?status=Unread");
  const message = builder.page.getByRole("listitem").filter({ hasText: "原因：描述不够清楚" });
  await expect(message).toContainText(`你的智能体「${name}」发布申请未通过审核`);
  await message.getByRole("button", { name: "已读" }).click();
  await expect(builder.page.getByText("已标记为已读")).toBeVisible();
  await expect(builder.page.getByRole("listitem").filter({ hasText: "原因：描述不够清楚" })).toHaveCount(0);

  // Off-shelf by the owner: publish to the space (immediate), then take it down from the records.
  await builder.page.goto(`/space/${spaceId}/agent/${agentId}/publish`);
  await builder.page.getByRole("radio", { name: /本空间/ }).check();
  await builder.page.getByRole("button", { name: "发布", exact: true }).click();
  await expect(builder.page.getByText("发布成功")).toBeVisible();
  const live = builder.page.locator("#publish-records").getByRole("row").filter({ hasText: "本空间" });
  await live.getByRole("link", { name: "下架" }).click();
  await builder.page.getByRole("dialog", { name: "下架智能体" }).getByRole("button", { name: "确认下架" }).click();
  await expect(builder.page.getByText("已下架", { exact: true })).toBeVisible();
  await expect(builder.page.locator("#publish-records").getByRole("link", { name: "下架" })).toHaveCount(0);

  await builder.context.close();
  await admin.context.close();
});

/**
 * Loads the square's next page: 加载更多 does it, and so does the button merely coming into view (infinite scroll) —
 * which can happen first and take the button away, so a click that finds it gone is not a failure; the caller
 * checks the cards that arrived.
 */
async function loadMore(page: Page) {
  const more = page.getByRole("button", { name: "加载更多" });
  await expect(more.or(page.getByText("没有更多了"))).toBeVisible();
  if (await more.isVisible()) await more.click({ timeout: 5_000 }).catch(() => undefined);
}

test("the square pages with links without JavaScript and loads more with it; favourites work both ways", async ({
  browser,
}) => {
  // Twenty-one agents are created, published and approved through the API first.
  test.setTimeout(300_000);
  const builder = await newPerson(browser, "prolific");
  const admin = await signedInAdmin(browser);
  const prefix = uniqueName("批量");
  for (let i = 0; i < 21; i++) {
    const { agentId } = await createAgent(builder.page, `${prefix}-${i}`, "批量发布");
    await call(builder.page, `/api/agent/publish/apply/${agentId}`, { scope: "Tenant", category: "Life" });
    const applies = await call(admin.page, "/api/system/publish/apply/list", {
      pageNo: 1,
      pageSize: 10,
      queryFilter: { publishStatus: "Applying", kw: `${prefix}-${i}` },
    });
    await call(admin.page, `/api/system/publish/${applies.records[0].id}`, { id: applies.records[0].id });
  }
  const query = `/square?category=Life&kw=${encodeURIComponent(prefix)}`;

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(query)}`);
  await page.getByLabel(/用户名/).fill(builder.email);
  await page.getByLabel("密码", { exact: true }).fill("Member#Pass1");
  await page.getByRole("button", { name: "登录", exact: true }).click();
  await expect(page.getByRole("article")).toHaveCount(20);
  await expect(page.getByText("共 21 条")).toBeVisible();
  await page.getByRole("link", { name: "第 2 页" }).click();
  await expect(page).toHaveURL(/page=2/);
  const last = page.getByRole("article");
  await expect(last).toHaveCount(1);
  const lastName = (await last.getByRole("heading").textContent()) ?? "";
  await last.getByRole("button", { name: `收藏「${lastName}」` }).click();
  await expect(page.getByText("已收藏")).toBeAttached();
  await expect(page).toHaveURL(/page=2/);
  await expect(last.getByRole("button", { name: `取消收藏「${lastName}」` })).toContainText("收藏 1");
  await plain.close();

  await builder.page.goto(query);
  await expect(builder.page.getByRole("article")).toHaveCount(20);
  await expect(builder.page.getByRole("link", { name: "第 2 页" })).toHaveCount(0);
  await loadMore(builder.page);
  await expect(builder.page.getByRole("article")).toHaveCount(21);
  await expect(builder.page.getByText("没有更多了")).toBeVisible();
  await builder.page.getByRole("button", { name: `取消收藏「${lastName}」` }).click();
  await expect(builder.page.getByRole("button", { name: `收藏「${lastName}」` })).toContainText("收藏 0");
  await builder.page.reload();
  await loadMore(builder.page);
  await expect(builder.page.getByRole("button", { name: `收藏「${lastName}」` })).toHaveAttribute(
    "aria-pressed",
    "false",
  );

  await builder.context.close();
  await admin.context.close();
});
