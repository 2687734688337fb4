import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { expect, test, uniqueTag } from "./own-workspace";

// The home's "Get started" list: each item ticks itself when the person does it, wherever they do it,
// and the list can be hidden for good.
test("the Get started items tick as they are done, and the list can be hidden", async ({ page, own }) => {
  test.setTimeout(120_000);
  const sender = await own.api.post("/accounts", { username: `starter.${uniqueTag()}@example.com`, password: "any password will do", label: "Starter", timezone: "Europe/Paris" });
  expect(sender.status()).toBe(200);
  const created = await own.api.post("/campaigns", {
    name: "First steps",
    linkedinAccountIds: [(await sender.json()).data.id],
    sequence: { steps: [{ type: "visit_profile" }, { type: "invite", config: { note: "Hi {{firstName}}, glad to connect." } }] },
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const leads = sandboxDirectory()
    .slice(210, 213)
    .map((person) => ({ profileUrl: `https://www.linkedin.com/in/${person.publicIdentifier}`, company: person.company }));
  expect((await own.api.post(`/campaigns/${campaignId}/leads`, { leads })).status()).toBeLessThan(300);

  await own.signIn(page);
  const checklist = page.getByRole("region", { name: "Get started" });
  const item = (name: RegExp) => checklist.getByTestId("getting-started-item").filter({ hasText: name });
  await expect(checklist.getByTestId("getting-started-progress")).toHaveText("0 of 4 done");
  for (const name of [/forecast/, /Activate a campaign/, /Act as a prospect/, /Connect a mailbox/]) await expect(item(name)).toHaveAttribute("data-done", "false");

  // The forecast: its item links to the first campaign's Forecast tab.
  await item(/forecast/).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}\\?tab=forecast$`));
  await expect(page.getByTestId("forecast-finish")).toBeVisible();
  await page.goto("/campaigns");
  await expect(item(/forecast/)).toHaveAttribute("data-done", "true");
  await expect(checklist.getByTestId("getting-started-progress")).toHaveText("1 of 4 done");

  // Activating a campaign, however it is done (here through the API).
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);
  // A mailbox of one's own.
  expect((await own.api.post("/email-accounts", { provider: "sandbox", email: `starter.${uniqueTag()}@example.com`, fromName: "Starter" })).status()).toBeLessThan(300);
  await page.reload();
  await expect(item(/Activate a campaign/)).toHaveAttribute("data-done", "true");
  await expect(item(/Connect a mailbox/)).toHaveAttribute("data-done", "true");

  // Acting as a prospect in the Sandbox: publishing a post as one.
  await item(/Act as a prospect/).getByRole("link").click();
  await expect(page).toHaveURL(/\/sandbox$/);
  await page.getByRole("button", { name: /^Publish a post as / }).first().click();
  await page.getByLabel(/^Post by /).fill("We are hiring!");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText(/published a post/)).toBeVisible();

  // All done: the list leaves the home by itself.
  await page.goto("/campaigns");
  await expect(page.getByTestId("campaign-row")).toHaveCount(1);
  await expect(checklist).toHaveCount(0);
});

test("hiding the Get started list keeps it hidden", async ({ page, own }) => {
  await own.signIn(page);
  const checklist = page.getByRole("region", { name: "Get started" });
  await expect(checklist).toBeVisible();
  await checklist.getByRole("button", { name: "Hide this list" }).click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});
