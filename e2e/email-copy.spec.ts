import { expect, test, uniqueTag } from "./own-workspace";
import { allDaySchedule } from "./schedules";

// The e-mail copy guard in the sequence editor: a placeholder some leads have no value for is
// warned about with how many, an inline fallback ({{company|your team}}) clears the warning, the
// preview of such a lead shows the fallback, and the step says what to do with leads still missing one.
test("the e-mail copy guard: a placeholder without fallback is warned about, an inline fallback clears it and shows in the preview", async ({ page, own }) => {
  const tag = uniqueTag();
  const created = await own.api.post("/campaigns", { name: `Copy guard ${tag}`, schedule: allDaySchedule() });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const leads = [
    { email: `ann.${tag}@example.com`, firstName: "Ann", company: "Acme" },
    { email: `bo.${tag}@example.com`, firstName: "Bo" },
    { email: `cy.${tag}@example.com`, firstName: "Cy" },
  ];
  const added = await own.api.post(`/campaigns/${campaignId}/leads`, { leads });
  expect(added.status(), await added.text()).toBeLessThan(300);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await page.getByRole("button", { name: "Add the first step" }).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "E-mail", exact: true }).click();
  await page.getByLabel("Subject", { exact: true }).fill("Quick idea for {{company}}");
  await page.getByLabel("Body", { exact: true }).fill("Hi {{firstName|there}},\n\nThe demo: https://example.com/demo");

  // Two of the three leads have no company: the editor says so, with a fallback to copy.
  const gaps = page.getByTestId("placeholder-gaps");
  await expect(gaps).toHaveText("2 of 3 leads have no company: they would get an empty value. Add a fallback like {{company|your team}}.");

  // The preview of such a lead warns that the value would be empty.
  const preview = page.getByTestId("email-preview");
  await preview.getByLabel("Preview for").selectOption({ label: `Bo <bo.${tag}@example.com>` });
  await expect(preview.getByTestId("email-preview-subject")).toHaveText("Quick idea for");
  await expect(preview.getByTestId("email-preview-warning")).toContainText("This lead has no company: {{company}} would be empty. It would be sent with the value left out.");

  // An inline fallback clears the warning; the preview shows its words, and the body keeps its link.
  await page.getByLabel("Subject", { exact: true }).fill("Quick idea for {{company|your team}}");
  await expect(gaps).toHaveCount(0);
  await expect(preview.getByTestId("email-preview-subject")).toHaveText("Quick idea for your team");
  await expect(preview.getByTestId("email-preview-warning")).toHaveCount(0);
  await expect(preview.getByTestId("email-preview-fallback-note")).toHaveText("This lead has no company: the fallback is used.");
  await expect(preview.getByTestId("email-preview-body")).toContainText("Hi Bo,\n\nThe demo: https://example.com/demo");

  // A lead with a company gets it.
  await preview.getByLabel("Preview for").selectOption({ label: `Ann <ann.${tag}@example.com>` });
  await expect(preview.getByTestId("email-preview-subject")).toHaveText("Quick idea for Acme");

  // What the step does for leads still missing a value: hold them, saved with the sequence.
  await page.getByLabel("Leads missing a value").selectOption("hold");
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  const campaign = (await (await own.api.get(`/campaigns/${campaignId}`)).json()).data;
  expect(campaign.sequence.steps[0].config).toMatchObject({ subject: "Quick idea for {{company|your team}}", whenValueMissing: "hold" });
});
