import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { expect, test as base } from "./own-workspace";

// The campaigns list: search by name, filter by status, duplicate and archive, each test in a
// workspace of its own with three campaigns set up over the API, so the counts are the test's.
const prospects = sandboxDirectory().slice(210, 213);

const test = base.extend<{ foundersId: string }>({
  ownLabel: "Lena",
  // Automatic: every test here starts from the same three campaigns.
  foundersId: [
    async ({ own }, provide) => {
      let foundersId = "";
      for (const name of ["CTOs in Berlin", "Founders in Paris", "CTO follow-ups"]) {
        const response = await own.api.post("/campaigns", {
          name,
          schedule: { timezone: "Europe/Paris", activeHours: { from: "08:30", to: "17:00" }, activeDays: [1, 2, 3] },
          sequence: { steps: [{ type: "visit_profile" }, { type: "invite", config: { note: "Hi {{firstName}}" } }] },
        });
        expect(response.status()).toBe(201);
        if (name === "Founders in Paris") foundersId = (await response.json()).data.id;
      }
      const leads = prospects.map((person) => ({ profileUrl: `https://www.linkedin.com/in/${person.publicIdentifier}` }));
      expect((await own.api.post(`/campaigns/${foundersId}/leads`, { leads })).status()).toBeLessThan(300);
      await provide(foundersId);
    },
    { auto: true },
  ],
});

test("search by name and filter by status", async ({ page, own }) => {
  await own.signIn(page);
  const rows = page.getByTestId("campaign-row");
  await expect(rows).toHaveCount(3);
  await page.getByRole("searchbox", { name: "Search campaigns by name" }).fill("cto");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Founders in Paris" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search campaigns by name" }).fill("nobody by that name");
  await expect(page.getByRole("heading", { name: "No campaigns match" })).toBeVisible();
  await page.getByRole("button", { name: "Show all campaigns" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByLabel("Show").selectOption("active");
  await expect(page.getByRole("heading", { name: "No campaigns match" })).toBeVisible();
  await page.getByLabel("Show").selectOption("paused");
  await expect(rows).toHaveCount(3);
});

test("duplicate a campaign: a paused copy with the same sequence and schedule, and no leads", async ({ page, own }) => {
  await own.signIn(page);
  await page.getByRole("button", { name: "Duplicate Founders in Paris" }).click();
  await expect(page).toHaveURL(/\/campaigns\/cmp_[0-9a-f]+$/);
  await expect(page.getByRole("heading", { name: "Founders in Paris (copy)", level: 1 })).toBeVisible();
  await expect(page.getByTestId("campaign-status")).toHaveText("Paused");
  await expect(page.getByRole("heading", { name: "No leads in this campaign yet" })).toBeVisible();
  await page.getByRole("tab", { name: "Sequence" }).click();
  await expect(page.getByTestId("sequence-step")).toHaveCount(2);
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page.getByRole("region", { name: "Schedule" }).getByLabel("Active from")).toHaveValue("08:30");
  await page.goto("/campaigns");
  await expect(page.getByTestId("campaign-row")).toHaveCount(4);
});

test("archive a campaign: gone from the list, shown under Archived, and restored", async ({ page, own }) => {
  await own.signIn(page);
  const rows = page.getByTestId("campaign-row");
  await expect(rows).toHaveCount(3);
  await page.getByRole("button", { name: "Archive CTO follow-ups" }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "CTO follow-ups" })).toHaveCount(0);

  await page.getByLabel("Show").selectOption("archived");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("CTO follow-ups");
  await expect(rows.first()).toContainText("Archived");
  await page.getByRole("button", { name: "Restore CTO follow-ups" }).click();
  await expect(page.getByRole("heading", { name: "No archived campaigns" })).toBeVisible();
  await page.getByLabel("Show").selectOption("all");
  await expect(rows).toHaveCount(3);
});

test("stopping a lead asks in the dashboard's dialog; Cancel keeps it, Stop lead stops it", async ({ page, own, foundersId }) => {
  await own.signIn(page);
  await page.goto(`/campaigns/${foundersId}`);
  const name = prospects[0]!.publicIdentifier;
  const row = page.getByTestId("lead-row").filter({ hasText: name });
  await expect(row).toContainText("Pending");
  page.on("dialog", () => {
    throw new Error("a native browser dialog opened");
  });
  await row.getByRole("button", { name: `Stop ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Stop ${name}?` });
  await expect(dialog).toContainText("leaves the sequence for good");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: `Stop ${name}` }).click();
  await dialog.getByRole("button", { name: "Stop lead" }).click();
  await expect(row).toContainText("Stopped");
});
