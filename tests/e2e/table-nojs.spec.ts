import { expect, test } from "@playwright/test";
import { signInAdmin } from "./support";
import { addFields, createTable, fieldRow, gridRows, uniqueTable } from "./table-support";

test.use({ javaScriptEnabled: false });

test("define a table, add a row and delete it without JavaScript", async ({ page }) => {
  await signInAdmin(page);
  await createTable(page, uniqueTable("无脚本表"), { javaScript: false });

  // 新增字段 posts the form and comes back with one more row; what was typed is kept.
  await addFields(page, 1);
  await fieldRow(page, 0).name.fill("city");
  await addFields(page, 1);
  await expect(fieldRow(page, 0).name).toHaveValue("city");
  await fieldRow(page, 1).name.fill("9lives");
  await fieldRow(page, 1).type.selectOption({ label: "数字" });
  // The server checks by the contract's rules and answers under the field, with focus there.
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText(/字段名只能包含字母、数字、下划线/)).toBeVisible();
  await expect(fieldRow(page, 1).name).toBeFocused();
  await expect(fieldRow(page, 1).type).toHaveValue("3");
  await fieldRow(page, 1).name.fill("lives");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText("保存成功")).toBeAttached();
  await expect(fieldRow(page, 1).name).toHaveValue("lives");

  // The row form is a card on the page; it posts and the page comes back with the row.
  await page.getByRole("link", { name: "表数据" }).click();
  await page.getByRole("link", { name: "新增数据" }).click();
  const form = page.getByRole("form", { name: "新增数据" });
  await form.getByLabel(/^city/).fill("杭州");
  await form.getByLabel(/^lives/).fill("2.5");
  await form.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("添加成功")).toBeAttached();
  await expect(gridRows(page)).toHaveCount(1);
  await expect(gridRows(page).first()).toContainText("杭州");
  await expect(gridRows(page).first()).toContainText("2.5");

  // Deleting asks first (a card with its own form), then the row is gone.
  await gridRows(page)
    .first()
    .getByRole("link", { name: /^删除第/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "删除数据" });
  await expect(confirm).toContainText("删除后不能恢复");
  await confirm.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByText("删除成功")).toBeAttached();
  await expect(page.getByText("还没有数据")).toBeVisible();
});
