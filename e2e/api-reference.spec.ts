import { expect, expectContentFits, test } from "./own-workspace";

// The API reference: a search over operations, an example request and response for each, and no
// safe-integer bounds in the field notes.
test("search the API reference and read an operation's examples, without integer-bound noise", async ({ page, own }) => {
  await own.signIn(page);
  await page.goto("/api-reference");
  const operations = page.getByTestId("api-operation");
  const total = await operations.count();
  expect(total).toBeGreaterThan(30);
  await expect(page.locator("body")).not.toContainText("9007199254740991");

  await page.getByLabel("Search operations").fill("webhooks deliveries");
  await expect(page.getByText(new RegExp(`^\\d+ of ${total} operations$`))).toBeVisible();
  const shown = await operations.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(total);
  for (const text of await operations.locator("header code").allInnerTexts()) expect(text).toContain("/webhooks/deliveries");

  await page.getByLabel("Search operations").fill("Add leads to a campaign");
  const add = operations.filter({ hasText: "/api/v1/campaigns/{id}/leads" }).first();
  await expect(add).toBeVisible();
  await expect(add.getByText("Example request")).toBeVisible();
  await expect(add.locator("figure").first()).toContainText('"leads": [');
  await expect(add.getByText("Example response (200)")).toBeVisible();
  await expect(add.locator("figure").last()).toContainText('"added"');

  await page.getByLabel("Search operations").fill("no such operation anywhere");
  await expect(operations).toHaveCount(0);
  await expect(page.getByText("No operation matches “no such operation anywhere”.")).toBeVisible();

  // A phone: the search and the operations fit the width.
  await page.getByLabel("Search operations").fill("");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(operations.first()).toBeVisible();
  await expectContentFits(page);
});
