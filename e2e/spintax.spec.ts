import { expect, test, uniqueTag } from "./own-workspace";
import { allDaySchedule } from "./schedules";

// Spintax in the sequence editor: the e-mail preview shows the version a lead gets and how many
// versions the copy has, "See another version" shows another, and a brace left open is refused on
// the field as it is typed, in plain words.
test("spintax in an e-mail: versions in the preview, another version on request, a broken brace named on the field", async ({ page, own }) => {
  const tag = uniqueTag();
  const created = await own.api.post("/campaigns", { name: `Spintax ${tag}`, schedule: allDaySchedule() });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const added = await own.api.post(`/campaigns/${campaignId}/leads`, { leads: [{ email: `ann.${tag}@example.com`, firstName: "Ann", company: "Acme" }] });
  expect(added.status(), await added.text()).toBeLessThan(300);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await page.getByRole("button", { name: "Add the first step" }).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "E-mail", exact: true }).click();
  const subject = page.getByLabel("Subject", { exact: true });
  await subject.fill("{Quick|Short} idea for {{company|your team}}");
  await page.getByLabel("Body", { exact: true }).fill("{Hi|Hello|Hey} {{firstName|there}},\n\n{See|Have a look at} the demo: https://example.com/demo");

  // Each field says how many versions it makes; the e-mail has their product.
  await expect(page.getByTestId("copy-versions")).toHaveText(["2 versions: each lead gets one, the same every time", "6 versions: each lead gets one, the same every time"]);

  // The lead's own version, numbered among the 12.
  const preview = page.getByTestId("email-preview");
  await preview.getByLabel("Preview for").selectOption({ label: `Ann <ann.${tag}@example.com>` });
  const version = preview.getByTestId("email-preview-version");
  await expect(version).toHaveText(/^Version \d+ of 12: the one this lead gets$/);
  await expect(preview.getByTestId("email-preview-subject")).toHaveText(/^(Quick|Short) idea for Acme$/);
  await expect(preview.getByTestId("email-preview-body")).toContainText(/^(Hi|Hello|Hey) Ann,\n\n(See|Have a look at) the demo: https:\/\/example\.com\/demo/);

  // Another version on request: a different number, a different e-mail.
  const shown = async () => `${await preview.getByTestId("email-preview-subject").textContent()}|${await preview.getByTestId("email-preview-body").textContent()}`;
  const first = { label: await version.textContent(), email: await shown() };
  await preview.getByRole("button", { name: "See another version" }).click();
  await expect(version).not.toHaveText(first.label!);
  await expect(version).toHaveText(/^Version \d+ of 12$/);
  expect(await shown()).not.toBe(first.email);
  await preview.getByRole("button", { name: "Back to the lead's version" }).click();
  await expect(version).toHaveText(first.label!);

  // A brace left open is named on the field as it is typed; closing it clears the problem.
  await subject.fill("{Quick|Short idea for {{company|your team}}");
  await expect(subject).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("An opening brace at character 1 is never closed")).toBeVisible();
  await subject.fill("{Quick|Short} idea for {{company|your team}}");
  await expect(subject).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("An opening brace at character 1 is never closed")).toHaveCount(0);

  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  const campaign = (await (await own.api.get(`/campaigns/${campaignId}`)).json()).data;
  expect(campaign.sequence.steps[0].config.subject).toBe("{Quick|Short} idea for {{company|your team}}");
});
