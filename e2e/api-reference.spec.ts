import { expect, expectContentFits, test } from "./own-workspace";

// The API reference: a search over operations, an example request and response for each (loaded
// when the operation is opened), and no safe-integer bounds in the field notes.
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
  await add.getByRole("button", { name: "Add leads to a campaign" }).click();
  await expect(add.getByText("Example request")).toBeVisible();
  await expect(add.locator("figure").filter({ hasText: "Example request" })).toContainText('"leads": [');
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

test("an operation shows a curl sample with this instance's address, and Try it calls the API with a pasted key", async ({ page, own }) => {
  await own.signIn(page);
  const response = await page.goto("/api-reference");
  // The page carries each operation's summary only: its details load when it is opened.
  expect((await response!.body()).length).toBeLessThan(400_000);
  await expect(page.locator("body")).not.toContainText("9007199254740991");

  await page.getByLabel("Search operations").fill("get /api/v1/workspace");
  const current = page.getByTestId("api-operation").filter({ has: page.locator("header code", { hasText: /^\/api\/v1\/workspace$/ }) });
  await current.locator("h3 button").click();
  const curl = current.locator("figure").filter({ hasText: "curl" }).first();
  await expect(curl).toContainText(/curl -X GET 'http:\/\/(localhost|127\.0\.0\.1):\d+\/api\/v1\/workspace'/);
  await expect(curl).toContainText('-H "Authorization: Bearer $HERALD_API_KEY"');

  await current.getByRole("button", { name: "Try it" }).click();
  await current.getByRole("button", { name: "Send GET" }).click();
  await expect(current.getByRole("alert")).toHaveText("Paste an API key at the top of the page first.");

  await page.getByLabel("API key for Try it").fill(own.apiKey);
  const call = page.waitForRequest((request) => request.url().endsWith("/api/v1/workspace"));
  await current.getByRole("button", { name: "Send GET" }).click();
  const sent = await call;
  expect(sent.headers()["authorization"]).toBe(`Bearer ${own.apiKey}`);
  expect(sent.headers()["cookie"]).toBeUndefined();
  const outcome = current.getByTestId("try-it-outcome");
  await expect(outcome).toContainText("Status 200");
  await expect(outcome.locator("pre")).toContainText('"id": "wsp_');

  // The key lives in the page only: a reload forgets it.
  await page.reload();
  await expect(page.getByLabel("API key for Try it")).toHaveValue("");
});
