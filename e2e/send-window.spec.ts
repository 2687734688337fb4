import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { expect, test } from "./own-workspace";
import { syncPageClock } from "./test-control";

// An active campaign outside its schedule says when it may send next, on the campaign and on its
// due leads, instead of "Due now". "Today" is Herald's (its clock runs ahead of the wall clock once a
// test of the worker moved it), and so is the page's.
test.use({ ownLabel: "Sam" });

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

test("an active campaign whose schedule skips today says when its next send window opens", async ({ page, own, clock }) => {
  test.setTimeout(90_000);
  const { api } = own;
  const sender = await api.post("/accounts", { username: "sam.sender@example.com", password: "any password will do", label: "Sam's sender" });
  expect(sender.status()).toBe(200);
  // Every day but today (UTC), so that the window is closed now and opens tomorrow at 09:00.
  const today = (await clock.now()).getUTCDay();
  const activeDays = [1, 2, 3, 4, 5, 6, 7].filter((day) => day % 7 !== today);
  const created = await api.post("/campaigns", {
    name: "Not today",
    status: "active",
    linkedinAccountIds: [(await sender.json()).data.id],
    schedule: { timezone: "UTC", activeHours: { from: "09:00", to: "17:00" }, activeDays },
    sequence: { steps: [{ type: "visit_profile" }, { type: "invite" }] },
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id;
  const leads = sandboxDirectory()
    .slice(220, 222)
    .map((person) => ({ profileUrl: `https://www.linkedin.com/in/${person.publicIdentifier}` }));
  expect((await api.post(`/campaigns/${campaignId}/leads`, { leads })).status()).toBeLessThan(300);

  await syncPageClock(page, clock);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}`);
  const expected = `Next send window opens ${WEEKDAYS[(today + 1) % 7]} 09:00 (UTC)`;
  await expect(page.getByTestId("send-window")).toContainText(expected);
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row.getByTestId("lead-waiting")).toHaveText(expected);
    await expect(row).not.toContainText("Due now");
    await expect(row).toContainText("#1 Visit profile");
  }
});
