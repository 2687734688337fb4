import { expect, expectContentFits, test } from "./own-workspace";

// A person's data from the lead page: where the lead came from, the JSON download, and erasure with
// its plain-words confirmation, ending on the campaign's leads with a notice; at phone width too.
test.use({ ownLabel: "Priya" });

test("the lead page shows provenance, downloads the person's data and erases them", async ({ page, request, own }) => {
  test.setTimeout(60_000);
  await own.signIn(page);
  const headers = { Authorization: `Bearer ${own.apiKey}` };
  const campaign = (await (await request.post("/api/v1/campaigns", { headers, data: { name: "Privacy journey", sequence: { steps: [{ type: "email", config: { subject: "Hi", text: "Hello" } }] } } })).json()).data;
  const added = await request.post(`/api/v1/campaigns/${campaign.id}/leads`, { headers, data: { leads: [{ email: "odile.erase@prospect.example", firstName: "Odile" }] } });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const leadId = (await added.json()).data.leadIds[0];

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/campaigns/${campaign.id}/leads/${leadId}`);
  await expect(page.getByTestId("lead-page-name")).toHaveText("Odile");
  await expect(page.getByTestId("lead-source")).toContainText(/^API key .+, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expectContentFits(page);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download data (JSON)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("herald-data-odile.json");

  await page.getByRole("button", { name: "Erase this person" }).click();
  const dialog = page.getByRole("dialog", { name: "Erase Odile everywhere?" });
  await expect(dialog).toContainText("This cannot be undone.");
  await expect(dialog).toContainText("kept off future imports");
  await dialog.getByRole("button", { name: "Erase for good" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaign.id}\\?erased=1$`));
  await expect(page.getByText("The person was erased.")).toBeVisible();
  await expect(page.getByTestId("lead-row")).toHaveCount(0);

  // Added again, the person is refused by the hashed entry (the list's check is another part's); the export says only that.
  const exported = await request.get("/api/v1/people/export", { headers, params: { email: "odile.erase@prospect.example" } });
  expect((await exported.json()).data).toMatchObject({ leads: [], doNotContactEntries: [{ kind: "email", value: null, reason: "erased" }] });
});
