import { expect, test } from "./own-workspace";

// Adding leads in the dashboard: pasted profile URLs and e-mails with a preview and a summary, one
// lead by hand, into a campaign and into a lead list.
test.use({ ownLabel: "Adam" });

test("paste profile URLs and e-mails into a campaign, then add one lead by hand, then fill a lead list", async ({ page, request, own }) => {
  test.setTimeout(120_000);
  await own.signIn(page);
  const created = await request.post("/api/v1/campaigns", { headers: { Authorization: `Bearer ${own.apiKey}` }, data: { name: "Pasted prospects" } });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()).data;

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole("heading", { name: "No leads in this campaign yet" })).toBeVisible();
  await page.getByRole("button", { name: "Add leads" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Add leads to “Pasted prospects”" })).toBeVisible();
  await dialog.getByLabel("Profile URLs or e-mail addresses, one per line").fill(
    ["https://www.linkedin.com/in/ada-paste", "linkedin.com/in/ben-paste/", "", "cleo@example.com", "call me maybe", "https://www.linkedin.com/in/ada-paste?trk=x"].join("\n"),
  );
  const preview = dialog.getByTestId("add-leads-preview");
  await expect(preview).toContainText("3 to add (2 profile URLs, 1 e-mail address, 1 repeated) · 1 not recognized");
  await expect(preview).toContainText("Line 5 “call me maybe”: neither a LinkedIn profile URL (linkedin.com/in/…) nor an e-mail address");
  await expect(preview).toContainText("Line 6 “https://www.linkedin.com/in/ada-paste?trk=x”: the same person as line 1, added once");
  await dialog.getByRole("button", { name: "Add 3 leads" }).click();
  await expect(dialog.getByTestId("add-leads-result")).toContainText("3 leads added, 1 line not recognized.");
  await dialog.getByRole("button", { name: "Add more" }).click();

  // Again, with one of them: already there, said so.
  await dialog.getByLabel("Profile URLs or e-mail addresses, one per line").fill("cleo@example.com\ndan@example.com");
  await dialog.getByRole("button", { name: "Add 2 leads" }).click();
  await expect(dialog.getByTestId("add-leads-result")).toContainText("1 lead added, 1 was already in this campaign.");
  await dialog.getByRole("button", { name: "Add more" }).click();

  // One lead by hand: the form names what is missing or wrong, in words.
  await dialog.getByRole("radio", { name: "One lead" }).click();
  await dialog.getByRole("button", { name: "Add lead" }).click();
  await expect(dialog.getByText("LinkedIn profile URL: Give a LinkedIn profile URL or an e-mail address")).toBeVisible();
  await dialog.getByLabel("E-mail").fill("not-an-address");
  await dialog.getByRole("button", { name: "Add lead" }).click();
  await expect(dialog.getByText("E-mail: must be a valid e-mail address")).toBeVisible();
  await dialog.getByLabel("E-mail").fill("erin@example.com");
  await dialog.getByLabel("First name").fill("Erin");
  await dialog.getByLabel("Company").fill("Acme");
  await dialog.getByRole("button", { name: "Add lead" }).click();
  await expect(dialog.getByTestId("add-leads-result")).toContainText("1 lead added.");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("lead-row")).toHaveCount(5);
  await expect(page.getByTestId("lead-row").filter({ hasText: "Erin" })).toContainText("Acme");

  // A lead list receives leads from its panel.
  await page.goto("/campaigns/lists");
  await page.getByLabel("List name").fill("Webinar attendees");
  await page.getByRole("button", { name: "Create list" }).click();
  const row = page.getByTestId("lead-list-row").filter({ hasText: "Webinar attendees" });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Add leads to Webinar attendees" }).click();
  await page.getByRole("dialog").getByLabel("Profile URLs or e-mail addresses, one per line").fill("fay@example.com\ncleo@example.com");
  await page.getByRole("dialog").getByRole("button", { name: "Add 2 leads" }).click();
  await expect(page.getByRole("dialog").getByTestId("add-leads-result")).toContainText("2 leads added.");
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");
});
