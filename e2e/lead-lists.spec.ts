// Lead lists from the dashboard: a list made, used as a campaign's exclusion, kept from deletion
// while the campaign uses it, and renamed.
import { expect, test } from "./own-workspace";

test.use({ ownLabel: "Lucas" });

const campaignName = "CTOs and founders in Europe";

test("lead lists: create, exclude one from the campaign, deletion refused while in use, rename", async ({ page, own }) => {
  const created = await own.api.post("/campaigns", { name: campaignName });
  expect(created.status()).toBe(201);
  const campaignPath = `/campaigns/${(await created.json()).data.id}`;
  await own.signIn(page);
  await page.getByRole("link", { name: "Lead lists" }).click();
  await expect(page.getByRole("heading", { name: "Lead lists", level: 1 })).toBeVisible();
  await page.getByLabel("List name").fill("Existing customers");
  await page.getByRole("button", { name: "Create list" }).click();
  const row = page.getByTestId("lead-list-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Existing customers");

  await page.goto(`${campaignPath}?tab=settings`);
  const rules = page.getByRole("region", { name: "Leads and exclusions" });
  await rules.getByRole("checkbox", { name: /Existing customers/ }).check();
  await rules.getByRole("checkbox", { name: /Skip leads a sender outside this pool already contacted/ }).check();
  const settingsForm = page.getByRole("form", { name: "Campaign settings" });
  await settingsForm.getByRole("button", { name: "Save settings" }).click();
  await expect(settingsForm.getByRole("status")).toHaveText("Saved");
  await page.reload();
  await expect(page.getByRole("region", { name: "Leads and exclusions" }).getByRole("checkbox", { name: /Existing customers/ })).toBeChecked();

  await page.goto("/campaigns/lists");
  await expect(row.getByRole("link", { name: campaignName })).toBeVisible();
  await page.getByRole("button", { name: "Delete Existing customers" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete list" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText(`This list is used by "${campaignName}"`);
  await page.getByRole("dialog").getByRole("button", { name: "Keep it" }).click();

  await page.getByRole("button", { name: "Rename Existing customers" }).click();
  await page.getByRole("dialog").getByLabel("List name").fill("Customers (do not contact)");
  await page.getByRole("dialog").getByRole("button", { name: "Rename" }).click();
  await expect(row).toContainText("Customers (do not contact)");
});
