import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { connectSenders } from "./campaign-senders";
import { expect, restApi, test } from "./own-workspace";
import { allDaySchedule } from "./schedules";
import { syncPageClock } from "./test-control";

// Campaigns in the dashboard, each test in a workspace of its own (Casey's) with what it needs
// set up over the REST API first. Herald's clock moves to the executor's next pass rather than the
// tests waiting for it.
test.use({ ownLabel: "Casey" });

const campaignName = "CTOs and founders in Europe";
/** Sandbox directory members as a spreadsheet exports them: BOM, semicolons, CRLF, quoted fields. */
function prospectsCsv() {
  // Every 19th member, for a spread of first and last names (the directory cycles 24 first names per last name).
  const people = sandboxDirectory()
    .filter((_, index) => index % 19 === 0)
    .slice(0, 12);
  const quote = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const lines = [["LinkedIn URL", "First name", "Last name", "Company", "Job title"]];
  for (const person of people) {
    lines.push([`https://www.linkedin.com/in/${person.publicIdentifier}`, person.firstName, person.lastName, person.company, person.jobTitle]);
  }
  // A row without a profile URL or e-mail (reported, never sent) and the first person again (skipped as a duplicate).
  lines.splice(5, 0, ["", "Nobody", "Without-Url", "Lost; Found Ltd", "Ghost"]);
  lines.push([...lines[1]!]);
  return {
    people,
    buffer: Buffer.from("\uFEFF" + lines.map((line) => line.map(quote).join(";")).join("\r\n") + "\r\n", "utf8"),
    rejectedRow: 6,
  };
}

test("a teammate's workspace of her own starts with no campaigns", async ({ page, own }) => {
  await own.signIn(page);
  await expect(page.getByLabel("Workspace", { exact: true }).locator("option:checked")).toHaveText(own.person.workspace);
  await expect(page.getByRole("heading", { name: "No campaigns yet" })).toBeVisible();
});

test("an API key made in the dashboard connects two sandbox senders over the REST API", async ({ page, request, own }) => {
  await own.signIn(page);
  await page.goto("/settings/api");
  await page.getByLabel("Key name").fill("Campaign e2e");
  await page.getByRole("button", { name: "Create API key" }).click();
  const apiKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(apiKey).toMatch(/^hk_/);

  const senders = await connectSenders(restApi(request, apiKey));
  await page.goto("/senders");
  for (const sender of senders) await expect(page.getByTestId("sender-row").filter({ hasText: sender.label })).toContainText("Connected");
});

test("create a campaign, fill its pool and schedule, import a CSV with mapped columns, activate it", async ({ page, own, clock }) => {
  test.setTimeout(150_000);
  const senders = await connectSenders(own.api);
  await page.setViewportSize({ width: 1440, height: 1000 });
  // The leads table says when a lead's next step is due relative to the browser's clock.
  await syncPageClock(page, clock);
  await own.signIn(page);

  await page.getByRole("button", { name: "New campaign" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create campaign" }).click();
  await expect(dialog.getByText("is required")).toBeVisible();
  await dialog.getByLabel("Campaign name").fill(campaignName);
  await dialog.getByRole("button", { name: "Create campaign" }).click();
  // The new campaign opens in its guided set-up (e2e/guided-setup.spec.ts); here it is left at once.
  await expect(page).toHaveURL(/\/campaigns\/cmp_[0-9a-f]+\?setup=1&step=sequence$/);
  await page.getByRole("link", { name: "Finish later" }).click();
  await expect(page).toHaveURL(/\/campaigns\/cmp_[0-9a-f]+$/);
  const campaignPath = new URL(page.url()).pathname;
  const campaignId = campaignPath.split("/").pop()!;
  await expect(page.getByRole("heading", { name: campaignName, level: 1 })).toBeVisible();
  await expect(page.getByTestId("campaign-status")).toHaveText("Draft");

  // The API refuses to activate a campaign without senders, and the page says why.
  await page.getByRole("button", { name: "Activate campaign" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "an active campaign needs at least one sender" })).toBeVisible();
  await page.getByRole("button", { name: "open the sender pool" }).click();
  await expect(page).toHaveURL(/\?tab=settings$/);

  // Sender pool: both senders; and the schedule: every day, around the clock, Berlin time, so the
  // executor may act while the test runs. Both parts go out with the form's one Save.
  const settingsForm = page.getByRole("form", { name: "Campaign settings" });
  const save = settingsForm.getByRole("button", { name: "Save settings" });
  await expect(save).toBeDisabled();
  const pool = page.getByRole("region", { name: "Sender pool" });
  for (const sender of senders) await pool.getByRole("checkbox", { name: new RegExp(sender.label) }).check();
  const schedule = page.getByRole("region", { name: "Schedule" });
  await schedule.getByLabel("Timezone").selectOption("Europe/Berlin");
  await schedule.getByLabel("Active from").fill("00:00");
  await schedule.getByRole("checkbox", { name: "Until midnight" }).check();
  await schedule.getByRole("checkbox", { name: "Saturday" }).check();
  await schedule.getByRole("checkbox", { name: "Sunday" }).check();
  await expect(settingsForm.getByRole("status")).toHaveText("Unsaved changes");
  await save.click();
  await expect(settingsForm.getByRole("status")).toHaveText("Saved");
  await expect(save).toBeDisabled();
  await page.reload();
  for (const sender of senders) await expect(pool.getByRole("checkbox", { name: new RegExp(sender.label) })).toBeChecked();
  await expect(page.getByText("Acts every day, 00:00–24:00 Europe/Berlin time.")).toBeVisible();

  // A server-side field error lands next to its field (from must be before to), the bar names the
  // part, and nothing of the refused save is written: the sender unticked with it stays in the pool.
  await pool.getByRole("checkbox", { name: new RegExp(senders[0]!.label) }).uncheck();
  await schedule.getByLabel("Active from").fill("18:00");
  await schedule.getByRole("checkbox", { name: "Until midnight" }).uncheck();
  await schedule.getByLabel("Active until").fill("09:00");
  await save.click();
  await expect(schedule.getByText("from must be before to")).toBeVisible();
  await expect(settingsForm.getByRole("alert").filter({ hasText: "Not saved: check Schedule." })).toBeVisible();
  expect((await own.api.get(`/campaigns/${campaignId}`).then((response) => response.json())).data.linkedinAccountIds).toHaveLength(senders.length);
  await settingsForm.getByRole("button", { name: "Discard" }).click();
  await expect(pool.getByRole("checkbox", { name: new RegExp(senders[0]!.label) })).toBeChecked();
  await expect(schedule.getByLabel("Active from")).toHaveValue("00:00");
  await expect(schedule.getByRole("checkbox", { name: "Until midnight" })).toBeChecked();

  // The sequence editor is its own page; the sequence is set through the API here.
  const sequence = {
    steps: [
      { type: "visit_profile", nextDelayHours: 4 },
      {
        type: "invite",
        config: {
          variants: [
            { note: "Hi {{firstName}}, I work with {{role}}s across Europe on outbound. Happy to connect?" },
            { note: "Hi {{firstName}}, your work at {{company}} caught my eye. Would love to connect." },
          ],
        },
      },
      { type: "message", nextDelayHours: 72, config: { text: "Thanks for connecting, {{firstName}}! Worth a short call about outbound at {{company}}?" } },
      { type: "message", config: { text: "Hi {{firstName}}, a gentle nudge on my last note. Any thoughts?" } },
    ],
  };
  expect((await own.api.patch(`/campaigns/${campaignId}`, { sequence })).status()).toBe(200);
  await page.reload();
  await page.getByRole("tab", { name: "Sequence" }).click();
  await expect(page.getByTestId("sequence-step")).toHaveCount(4);
  await expect(page.getByTestId("sequence-step").nth(1)).toContainText("Connection request");
  await expect(page.getByTestId("sequence-step").nth(1)).toContainText("2 A/B variants");
  await expect(page.getByTestId("sequence-step").nth(2)).toContainText("Accepted · right away");
  await expect(page.getByTestId("sequence-step").nth(3)).toContainText("No reply · after 3 days");
  await expect(page.getByRole("link", { name: "Edit sequence" })).toHaveAttribute("href", `${campaignPath}/sequence`);

  // Leads: import the CSV.
  await page.getByRole("tab", { name: "Leads" }).click();
  await expect(page.getByRole("heading", { name: "No leads in this campaign yet" })).toBeVisible();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const csv = prospectsCsv();
  await page.getByLabel("CSV file").setInputFiles({ name: "prospects.csv", mimeType: "text/csv", buffer: csv.buffer });
  await expect(page.getByText("prospects.csv · 14 rows")).toBeVisible();
  await expect(page.getByLabel("Separator")).toHaveValue(";");
  await expect(page.getByLabel("Column 1 (LinkedIn URL) maps to")).toHaveValue("profileUrl");
  await expect(page.getByLabel("Column 2 (First name) maps to")).toHaveValue("firstName");
  await expect(page.getByLabel("Column 3 (Last name) maps to")).toHaveValue("lastName");
  await expect(page.getByLabel("Column 4 (Company) maps to")).toHaveValue("company");
  await expect(page.getByLabel("Column 5 (Job title) maps to")).toHaveValue("custom");
  const variable = page.getByLabel("Variable name for column 5");
  await expect(variable).toHaveValue("jobTitle");
  await variable.fill("job title");
  await expect(page.getByText("Use letters, digits and _, starting with a letter or _.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Import \d+ leads$/ })).toBeDisabled();
  await variable.fill("role");
  await expect(page.getByText(`1 row will not be sent (${csv.rejectedRow}).`)).toBeVisible();
  const preview = page.getByRole("table", { name: /Preview/ });
  await expect(preview).toContainText(csv.people[0]!.publicIdentifier);
  await expect(preview).toContainText("{{role}}");

  await page.getByRole("button", { name: "Import 13 leads" }).click();
  await expect(page.getByTestId("csv-progress-text")).toHaveText("13 of 13 rows sent (100%)");
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "13");
  await expect(page.getByTestId("csv-summary")).toHaveText("Import complete: 12 leads added, 1 skipped, 1 invalid row not sent.");
  await expect(page.getByTestId("csv-added")).toHaveText("12");
  await expect(page.getByText("1 skipped: Named twice in the file")).toBeVisible();
  await page.getByText("Show the skipped row").click();
  await expect(page.getByText("The same person appears earlier in this request")).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();

  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(12);
  const first = csv.people[0]!;
  const firstRow = rows.filter({ hasText: `${first.firstName} ${first.lastName}` });
  await expect(firstRow).toContainText("Pending");
  await expect(firstRow).toContainText("Visit profile");
  // The name opens the lead's page (its profile link is there).
  await expect(firstRow.getByRole("link", { name: new RegExp(`${first.firstName} ${first.lastName}`) })).toHaveAttribute(
    "href",
    new RegExp(`^${campaignPath}/leads/led_`),
  );
  await expect(page.getByText(/12 leads · 2 senders in the pool/)).toBeVisible();

  // Activate: the status shows it, the rows follow without a reload, it survives a reload, and
  // senders start working the leads.
  await expect(firstRow).toContainText("Waits until the campaign is activated");
  await page.getByRole("button", { name: "Activate campaign" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("Active");
  await expect(firstRow).not.toContainText("Waits until the campaign is activated");
  await page.reload();
  await expect(page.getByTestId("campaign-status")).toHaveText("Active");
  await expect(page.getByRole("button", { name: "Pause campaign" })).toBeVisible();
  // The profile was visited, so the lead waits (4 hours) for its connection request: Herald's clock
  // moves to the executor's next pass, which has each sender visit a profile, and the page reloads
  // to show the state after the visits.
  await clock.advance(60_000);
  await syncPageClock(page, clock);
  await page.reload();
  const reached = rows.filter({ hasText: "Running" }).filter({ hasText: "Connection request" });
  await expect(reached.first()).toBeVisible();
  await expect(reached.first()).toContainText(/in (4|3) hours/);
  await expect(reached.first()).toContainText(/Dana Fischer|Eli Novak/);
  await expect(page.locator("body")).not.toContainText("Unnamed lead");

  // The README's screenshot, refreshed on demand (UPDATE_SCREENSHOTS=1) so test runs leave the tree clean.
  if (process.env.UPDATE_SCREENSHOTS) {
    await page.mouse.move(0, 0);
    await page.screenshot({ path: "docs/screenshots/campaign.png" });
  }
});

test("per-lead pause, resume and stop; the status filter; funnel per variant; forecast; rebalance", async ({ page, own, clock }) => {
  test.setTimeout(120_000);
  // An active campaign of twelve leads on both senders, whose senders have started on them.
  const senders = await connectSenders(own.api);
  const created = await own.api.post("/campaigns", {
    name: campaignName,
    linkedinAccountIds: senders.map((sender) => sender.id),
    schedule: allDaySchedule(),
    sequence: {
      steps: [
        { type: "visit_profile", nextDelayHours: 4 },
        { type: "invite", config: { variants: [{ note: "Hi {{firstName}}, happy to connect?" }, { note: "Hi {{firstName}}, your work at {{company}} caught my eye." }] } },
        { type: "message", nextDelayHours: 72, config: { text: "Thanks for connecting, {{firstName}}!" } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const leads = prospectsCsv().people.map((person) => ({
    profileUrl: `https://www.linkedin.com/in/${person.publicIdentifier}`,
    firstName: person.firstName,
    lastName: person.lastName,
    company: person.company,
  }));
  expect((await own.api.post(`/campaigns/${campaignId}/leads`, { leads })).status()).toBeLessThan(300);
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);

  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}`);
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(12);
  await clock.advanceUntil(
    async () => {
      await page.reload();
      await expect(rows.filter({ hasText: "Running" }).first()).toBeVisible();
    },
    { limitMs: 5 * 60_000, message: "A running lead" },
  );

  const pending = rows.filter({ hasText: "Pending" }).first();
  const name = (await pending.getByTestId("lead-name").innerText()).trim();
  const row = rows.filter({ hasText: name });
  await row.getByRole("button", { name: `Pause ${name}` }).click();
  await page.getByRole("dialog", { name: `Pause ${name}?` }).getByRole("button", { name: "Pause lead" }).click();
  await expect(row).toContainText("Paused");
  await expect(row).toContainText("When resumed");

  await page.getByLabel("Status").selectOption("paused");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await rows.first().getByRole("button", { name: `Resume ${name}` }).click();
  await expect(page.getByText("No paused leads.")).toBeVisible();
  await page.getByLabel("Status").selectOption("all");
  await expect(rows).toHaveCount(12);

  // Stopping asks first, in the dashboard's own dialog: Cancel leaves the lead alone.
  await row.getByRole("button", { name: `Stop ${name}` }).click();
  const stopDialog = page.getByRole("dialog", { name: `Stop ${name}?` });
  await expect(stopDialog).toContainText("leaves the sequence for good");
  await stopDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(stopDialog).toBeHidden();
  await expect(row).not.toContainText("Stopped");
  await row.getByRole("button", { name: `Stop ${name}` }).click();
  await stopDialog.getByRole("button", { name: "Stop lead" }).click();
  await expect(row).toContainText("Stopped");
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(page.getByLabel("Status").locator("option", { hasText: "Stopped" })).toHaveText("Stopped (1)");

  await page.getByRole("tab", { name: "Funnel" }).click();
  await expect(page.getByText("12 leads; percentages are of all leads.")).toBeVisible();
  await expect(page.getByTestId("funnel-invited")).toContainText("0");
  // Visited leads got variant A of the first step.
  const byVariant = page.getByRole("table").filter({ hasText: "Visit profile" });
  await expect(byVariant).toBeVisible();
  await expect(byVariant.getByRole("row").nth(1)).toContainText("A");

  // The forecast simulates the running campaign: every lead still in play (all but the stopped one), with its sender.
  await page.getByRole("tab", { name: "Forecast" }).click();
  await expect(page.getByText("Expected to finish")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Sandbox model")).toBeVisible();
  await expect(page.getByTestId("forecast-lead")).toHaveCount(11);
  await expect(page.getByTestId("forecast-lead").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByTestId("forecast-lead").filter({ hasText: "Dana Fischer" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Actions per day" })).toBeVisible();
  await page.getByLabel("Look ahead").selectOption("14");
  await expect(page.getByText(/Simulated until/)).toBeVisible();

  await page.getByRole("tab", { name: "Settings" }).click();
  // Only a paused or failed sender's leads are moved: an active sender keeps its leads.
  await expect(page.getByRole("button", { name: "Rebalance the leads of Dana Fischer" })).toBeDisabled();
  await expect(page.getByTestId("pool-sender").filter({ hasText: "Dana Fischer" })).toContainText("Active: pause this sender to move its leads.");

  // Keyboard: the tabs move with the arrow keys.
  await page.getByRole("tab", { name: "Settings" }).focus();
  await page.keyboard.press("Home");
  await expect(page.getByRole("tab", { name: "Leads" })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("button", { name: "Pause campaign" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pause campaign" }).click();
  await expect(page.getByTestId("campaign-status")).toHaveText("Paused");
});
