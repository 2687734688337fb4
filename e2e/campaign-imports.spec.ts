// Importing leads into a campaign at scale: a large CSV in batches (cancel, resume) and an import
// from a LinkedIn search, in a workspace of the test's own (Casey's), as in campaigns.spec.ts.
import { connectSenders } from "./campaign-senders";
import { expect, test } from "./own-workspace";

test.use({ ownLabel: "Casey" });

test("a large CSV goes up in batches of 500, can be cancelled between batches and resumed; a search import; delete", async ({ page, own }) => {
  test.setTimeout(180_000);
  // The search import reads LinkedIn through one of the workspace's senders.
  await connectSenders(own.api);
  await own.signIn(page);
  await page.getByRole("button", { name: "New campaign" }).first().click();
  await page.getByRole("dialog").getByLabel("Campaign name").fill("Batch import check");
  await page.getByRole("dialog").getByRole("button", { name: "Create campaign" }).click();
  await page.getByRole("link", { name: "Finish later" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("Draft");

  const lines = ["email,first_name,company"];
  for (let index = 1; index <= 1100; index++) lines.push(`lead${index}@batch.example.com,Lead ${index},"Batch, Inc."`);
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  await page.getByLabel("CSV file").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  await expect(page.getByLabel("Column 1 (email) maps to")).toHaveValue("email");
  await expect(page.getByLabel("Column 3 (company) maps to")).toHaveValue("company");
  // The first batch is held on its way until Cancel is clicked, so the click always lands while it
  // is in flight (a fast server had answered it, and sent the second, before the click arrived).
  let releaseFirstBatch = () => {};
  const firstBatchHeld = new Promise<void>((resolve) => (releaseFirstBatch = resolve));
  let batches = 0;
  await page.route(/\/api\/trpc\/[^?]*campaigns\.addLeads/, async (route) => {
    batches += 1;
    if (batches === 1) await firstBatchHeld;
    await route.continue();
  });
  await page.getByRole("button", { name: "Import 1100 leads" }).click();
  // Cancel while the first batch is on its way: it completes, nothing after it is sent.
  await page.getByRole("button", { name: "Cancel import" }).click();
  releaseFirstBatch();
  await expect(page.getByText("Import cancelled. Not imported: 600 rows (502–1101).")).toBeVisible({ timeout: 60_000 });
  expect(batches).toBe(1);
  await page.unroute(/\/api\/trpc\/[^?]*campaigns\.addLeads/);
  await expect(page.getByTestId("csv-progress-text")).toHaveText("500 of 1100 rows sent (45%)");
  await expect(page.getByTestId("csv-added")).toHaveText("500");

  await page.getByRole("button", { name: "Retry the rows not imported" }).click();
  await expect(page.getByTestId("csv-progress-text")).toHaveText("1100 of 1100 rows sent (100%)", { timeout: 90_000 });
  await expect(page.getByTestId("csv-summary")).toHaveText("Import complete: 1100 leads added.");
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("navigation", { name: "Pages of leads" })).toContainText("1–50 of 1100 leads");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("navigation", { name: "Pages of leads" })).toContainText("51–100 of 1100 leads");
  // Pages follow the list's cursor: the second page starts right after the first, and Previous goes back.
  await expect(page.getByTestId("lead-name").first()).toHaveText("Lead 51");
  await expect(page.getByTestId("lead-name").last()).toHaveText("Lead 100");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("lead-name").first()).toHaveText("Lead 101");
  await page.getByRole("button", { name: "Previous" }).click();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByRole("navigation", { name: "Pages of leads" })).toContainText("1–50 of 1100 leads");
  await expect(page.getByTestId("lead-name").first()).toHaveText("Lead 1");

  // Import the people of a LinkedIn search, read through one of the senders.
  await page.getByRole("button", { name: "Import from LinkedIn search" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Search URL").fill("https://www.linkedin.com/search/results/people/?keywords=CTO");
  await dialog.getByLabel("At most").fill("5");
  await dialog.getByRole("button", { name: "Start import" }).click();
  const progress = dialog.getByTestId("search-import-progress");
  await expect(progress).toContainText("Import finished", { timeout: 45_000 });
  await expect(progress.getByRole("definition").first()).toHaveText("5");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(/1105 leads · 0 senders in the pool/)).toBeVisible();

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("(1105 leads)");
  await confirm.getByRole("button", { name: "Delete campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByTestId("campaign-row")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No campaigns yet" })).toBeVisible();
});
