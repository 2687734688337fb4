import { expect, test, uniqueTag, type RestApi } from "./own-workspace";

// A new campaign's guided set-up: Name → Sequence → Senders & mailboxes → Leads → Schedule →
// Launch, each step the campaign page's own editor, in a workspace of the test's own (Gwen's).
test.use({ ownLabel: "Gwen" });

const PHONE = { width: 390, height: 844 };

async function connectSender(api: RestApi, label: string): Promise<string> {
  const response = await api.post("/accounts", { username: `gwen.guide.${uniqueTag()}@example.com`, password: "any password will do", label, timezone: "Europe/Berlin" });
  expect(response.status()).toBe(200);
  return (await response.json()).data.id as string;
}

test("a new campaign goes through the set-up: a visit step, a sender, pasted leads, the default schedule, launched", async ({ page, own }) => {
  test.setTimeout(150_000);
  await connectSender(own.api, "Gus Guide");
  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);

  await page.getByRole("button", { name: "New campaign" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Campaign name").fill("Guided founders");
  await dialog.getByRole("button", { name: "Create campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/cmp_[0-9a-f]+\?setup=1&step=sequence$/);
  const campaignId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByRole("heading", { name: "Guided founders", level: 1 })).toBeVisible();
  // Created at once, as a draft: the name step is done, the default schedule too.
  await expect(page.getByTestId("campaign-status")).toHaveText("Draft");
  const stepper = page.getByRole("navigation", { name: "Set-up steps" });
  await expect(stepper.getByRole("link", { name: "Name, done" })).toBeVisible();
  await expect(stepper.getByRole("link", { name: "Schedule, done" })).toBeVisible();
  await expect(stepper.getByRole("link", { name: "Sequence, not done yet" })).toHaveAttribute("aria-current", "step");

  // Sequence: the sequence editor itself, one visit step, saved.
  await page.getByRole("button", { name: "Add the first step" }).click();
  await page.getByRole("button", { name: "Visit profile", exact: true }).click();
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  await expect(stepper.getByRole("link", { name: "Sequence, done" })).toBeVisible();

  // Leaving is fine: the campaign page offers to continue where parts are missing.
  await page.getByRole("link", { name: "Finish later" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  await expect(page.getByTestId("continue-setup")).toContainText("Still to do: senders & mailboxes, leads.");
  await page.getByRole("link", { name: "Continue set-up" }).click();
  await expect(page).toHaveURL(/\?setup=1&step=senders$/);

  // Senders: one ticked, but the step left by the stepper, not by Next: nothing is saved yet.
  const pool = page.getByRole("region", { name: "Sender pool" });
  await pool.getByRole("checkbox", { name: /Gus Guide/ }).check();
  await expect(page.getByRole("button", { name: "Save and continue" })).toBeVisible();
  await stepper.getByRole("link", { name: /^Leads/ }).click();
  await expect(page).toHaveURL(/step=leads$/);

  // Leads, pasted.
  await page.getByRole("button", { name: "Add leads" }).first().click();
  const add = page.getByRole("dialog");
  await add.getByLabel("Profile URLs or e-mail addresses, one per line").fill(["https://www.linkedin.com/in/gwen-guided-1", "https://www.linkedin.com/in/gwen-guided-2"].join("\n"));
  await add.getByRole("button", { name: "Add 2 leads" }).click();
  await expect(add.getByTestId("add-leads-result")).toContainText("2 leads added");
  await add.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("lead-row")).toHaveCount(2);
  await expect(stepper.getByRole("link", { name: "Leads, done" })).toBeVisible();
  await page.getByRole("link", { name: "Next: Schedule" }).click();

  // Schedule: kept as it is.
  await expect(page.getByRole("region", { name: "Schedule" })).toContainText("09:00–19:00 UTC time");
  // Its Next would save the whole set-up draft, the ticked sender with it: the stepper jumps instead.
  await expect(page.getByRole("button", { name: "Save and continue" })).toBeVisible();
  await stepper.getByRole("link", { name: /^Launch/ }).click();
  await expect(page).toHaveURL(/step=launch$/);
  await expect(page.getByTestId("launch-check").filter({ hasText: "Senders & mailboxes" })).toContainText("Missing a sender");
  await expect(page.getByRole("status").filter({ hasText: "Changes to the senders, mailboxes or schedule are not saved yet" })).toBeVisible();

  // A refused launch: the campaign page's words, and a way to the step at fault.
  await page.getByRole("button", { name: "Launch campaign" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "An active campaign needs at least one sender in its pool" })).toBeVisible();
  await page.getByRole("button", { name: "open the sender pool" }).click();
  await expect(page).toHaveURL(/step=senders$/);

  // The sender pool editor of the Settings tab still holds the tick; Next saves it.
  await expect(pool.getByRole("checkbox", { name: /Gus Guide/ })).toBeChecked();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/step=leads$/);
  await expect(stepper.getByRole("link", { name: "Senders & mailboxes, done" })).toBeVisible();
  await stepper.getByRole("link", { name: /^Launch/ }).click();
  for (const check of await page.getByTestId("launch-check").all()) await expect(check).toContainText("ready");

  await page.getByRole("button", { name: "Launch campaign" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  await expect(page.getByTestId("campaign-status")).toHaveText("Active");
  await expect(page.getByTestId("continue-setup")).toHaveCount(0);
  const saved = (await own.api.get(`/campaigns/${campaignId}`).then((response) => response.json())).data;
  expect(saved).toMatchObject({ status: "active", sequence: { steps: [{ type: "visit_profile" }] }, schedule: { activeDays: [1, 2, 3, 4, 5] } });
  expect(saved.linkedinAccountIds).toHaveLength(1);
});

test("on a phone the stepper reads 'Step 3 of 6: Senders & mailboxes' and nothing scrolls sideways", async ({ page, own }) => {
  const created = await own.api.post("/campaigns", { name: "Guided on a phone, with a name long enough to wrap on a small screen", status: "draft" });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  await page.setViewportSize(PHONE);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}?setup=1&step=senders`);
  const position = page.getByTestId("setup-position");
  await expect(position).toContainText("Step 3 of 6: Senders & mailboxes");
  await expect(position).toContainText("2 of 6 done");
  // The row of six steps is folded away.
  await expect(page.getByTestId("setup-step").first()).toBeHidden();
  await expect(page.getByRole("link", { name: "Skip for now" })).toBeVisible();
  const sizes = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(sizes.scrollWidth, "the set-up scrolls sideways on a phone").toBeLessThanOrEqual(sizes.clientWidth);
});
