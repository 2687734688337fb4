import { planSandboxEmail } from "../server/providers/mail/sandbox/mail-behaviour";
import { expect, test, uniqueTag } from "./own-workspace";
import { allDaySchedule } from "./schedules";

// Clean lists before sending (issue 37), end to end: a CSV of leads imported into an e-mail
// campaign is verified as it arrives (against the sandbox's DNS, as the workspace has only a sandbox
// mailbox: a domain with "nomail" in its name receives no mail), the badges say so; a competitor's
// domain goes on the do-not-contact list under Settings; once the campaign runs, the valid lead is
// e-mailed, the invalid one skips its e-mail with the reason, and the competitor's people are
// refused with theirs, shown on their lead pages.
test.use({ ownLabel: "Dina" });

/** An address at `domain` that the sandbox mail network leaves alone (no bounce, reply or complaint of its own). */
function quietAt(mailboxEmail: string, name: string, domain: string): string {
  for (let index = 0; index < 500; index++) {
    const address = `${name}${index}@${domain}`;
    const plan = planSandboxEmail({ fromAddress: mailboxEmail, toAddress: address, nth: 0, sentAt: 0, hasLinks: false });
    if (Object.values(plan).every((value) => value === null)) return address;
  }
  throw new Error(`no quiet sandbox address at ${domain}`);
}

test("import a CSV, see the badges, list a domain and watch its leads refused with the reason", async ({ page, own, clock }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  const mailboxEmail = `dina.${tag}@herald-demo.example`;
  const competitor = `rival-${tag}.example`;
  const leads = {
    ada: quietAt(mailboxEmail, "ada", `acme-${tag}.example`),
    bob: `bob@nomail-widgets-${tag}.example`,
    cy: quietAt(mailboxEmail, "cy", competitor),
  };
  const mailbox = await own.api.post("/email-accounts", { provider: "sandbox", email: mailboxEmail, fromName: "Dina Sender" });
  expect(mailbox.status(), await mailbox.text()).toBeLessThan(300);
  const created = await own.api.post("/campaigns", {
    name: `Clean lists ${tag}`,
    schedule: allDaySchedule(),
    emailAccountIds: [(await mailbox.json()).data.id],
    sequence: { steps: [{ type: "email", nextDelayHours: 72, config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}}, a short note." } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);

  // The CSV, imported in the campaign's page.
  await page.goto(`/campaigns/${campaignId}`);
  const csv = ["email,first_name,company", `${leads.ada},Ada,Acme`, `${leads.bob},Bob,Widgets`, `${leads.cy},Cy,Rival`].join("\n");
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  await page.getByLabel("CSV file").setInputFiles({ name: "prospects.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import 3 leads" }).click();
  await expect(page.getByTestId("csv-summary")).toHaveText("Import complete: 3 leads added.");
  await page.getByRole("button", { name: "Close" }).click();

  // The addresses were checked as they arrived (a background job): the badges say how each stands.
  const row = (name: string) => page.getByTestId("lead-row").filter({ hasText: name });
  await clock.settle();
  await page.reload();
  await expect(row("Ada").getByRole("button", { name: "Address: Valid" })).toBeVisible();
  await expect(row("Cy").getByRole("button", { name: "Address: Valid" })).toBeVisible();
  const bobBadge = row("Bob").getByRole("button", { name: "Address: Invalid" });
  await expect(bobBadge).toBeVisible();
  await bobBadge.click();
  await expect(row("Bob").getByTestId("verification-reason")).toContainText("receives no e-mail (no MX or A record)");

  // The competitor's domain goes on the do-not-contact list.
  await page.goto("/settings/do-not-contact");
  await page.getByLabel("Kind").first().selectOption("domain");
  await page.getByRole("textbox", { name: "Domain" }).fill(competitor);
  await page.getByRole("button", { name: "Add to the list" }).click();
  await expect(page.getByText(`${competitor} is on the list.`)).toBeVisible();

  // The campaign runs: Ada is e-mailed, Bob skips the e-mail (invalid address), Cy is refused.
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);
  const statuses = async () => {
    const list = await (await own.api.get(`/campaigns/${campaignId}/leads`)).json();
    return Object.fromEntries((list.data as Array<{ firstName: string; status: string }>).map((lead) => [lead.firstName, lead.status]));
  };
  await clock.advanceUntil(async () => expect(await statuses()).toMatchObject({ Ada: "running", Bob: "done", Cy: "failed" }), {
    stepMs: 5 * 60_000,
    limitMs: 3 * 60 * 60_000,
    message: "Ada e-mailed, Bob skipped, Cy refused",
  });

  await page.goto(`/campaigns/${campaignId}`);
  await row("Cy").getByRole("link", { name: /Cy/ }).click();
  await expect(page.getByTestId("lead-do-not-contact")).toContainText(`On the do-not-contact list: the domain ${competitor}`);
  await expect(page.getByText(`The domain ${competitor} is on the do-not-contact list: Herald takes no step towards this person`).first()).toBeVisible();

  await page.goto(`/campaigns/${campaignId}`);
  await row("Bob").getByRole("link", { name: /Bob/ }).click();
  await expect(page.getByText(/The address failed verification \(the domain nomail-widgets-.+ receives no e-mail \(no MX or A record\)\): the e-mail step was skipped/).first()).toBeVisible();
});
