import { expect, test } from "./own-workspace";

// The Do-not-contact page under Settings: the empty state, adding by hand (a refusal in words, then
// an entry), a CSV import's summary by line, search, removing, and sharing. The journey that watches
// a listed lead skipped is the merger's (issue 37).

test("add to the do-not-contact list by hand and by CSV, search it and remove an entry", async ({ page, own }) => {
  await own.signIn(page);
  await page.goto("/settings/do-not-contact");
  await expect(page.getByText("The do-not-contact list is empty")).toBeVisible();

  await page.getByLabel("Kind").first().selectOption("domain");
  await page.getByRole("textbox", { name: "Domain" }).fill("not a domain");
  await page.getByRole("button", { name: "Add to the list" }).click();
  await expect(page.getByText('"not a domain" is not a domain.')).toBeVisible();
  await page.getByRole("textbox", { name: "Domain" }).fill("www.Acme.com");
  await page.getByRole("button", { name: "Add to the list" }).click();
  await expect(page.getByText("acme.com is on the list.")).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Added by hand");

  await page.getByLabel("CSV file to import").setInputFiles({ name: "optouts.csv", mimeType: "text/csv", buffer: Buffer.from("value\njane@globex.io\nAcme Corp\nacme.com\n") });
  await expect(page.getByText("optouts.csv: 1 entry added, 1 already on the list, 1 refused.")).toBeVisible();
  await expect(page.getByText("Line 3")).toBeVisible();
  await expect(rows).toHaveCount(2);

  await page.getByRole("searchbox", { name: "Search the list" }).fill("jane");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Imported");
  await rows.first().getByRole("button", { name: "Remove jane@globex.io from the list" }).click();
  await expect(page.getByText("No entry matches.")).toBeVisible();

  const sharing = page.getByRole("checkbox", { name: /Share this list with the other workspaces/ });
  await sharing.check();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Share this list with the other workspaces/ })).toBeChecked();
});
