import type { Page } from "@playwright/test";
import { grantCredits } from "./credits";
import { expect, test, uniqueTag } from "./own-workspace";
import { quietProspect } from "./sandbox-mail";
import { allDaySchedule } from "./schedules";

// Per-lead AI lines end to end (sandbox mail, the offline writer): declare `icebreaker` on an e-mail
// step in the sequence editor, see an undeclared {{ai.…}} refused, preview the lines for the
// campaign's leads (credits spent once), run the campaign and see each sent e-mail carry its lead's
// line — the preview's own, not a second one.
test.use({ ownLabel: "Iris" });

const stepNode = (page: Page, name: RegExp) => page.getByRole("button", { name });

/** Screenshots for a look at the layout, taken on demand (AI_LINES_SCREENSHOTS=folder). */
async function snap(page: Page, name: string) {
  if (process.env.AI_LINES_SCREENSHOTS) await page.screenshot({ path: `${process.env.AI_LINES_SCREENSHOTS}/${name}.png`, fullPage: true });
}

test("declare an AI line on an e-mail step, preview it for sample leads, and send it", async ({ page, own, adminRequest, webhookReceiver, clock }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  await grantCredits(adminRequest, own, 10, "AI lines journey");
  const mailboxEmail = `iris.${tag}@herald-demo.example`;
  const mailbox = await own.api.post("/email-accounts", { provider: "sandbox", email: mailboxEmail, fromName: "Iris Sender" });
  expect(mailbox.status(), await mailbox.text()).toBeLessThan(300);
  const hook = await own.api.post("/webhooks", { url: webhookReceiver.url, events: ["email.sent"] });
  expect(hook.status()).toBeLessThan(300);
  const created = await own.api.post("/campaigns", {
    name: `AI lines ${tag}`,
    schedule: allDaySchedule(),
    emailAccountIds: [(await mailbox.json()).data.id],
    sequence: { steps: [{ type: "email", nextDelayHours: 72, config: { subject: "Hello {{firstName}}", text: "Hi {{firstName}},\n\nA short note.", fallbackText: "Hi {{firstName|there}},\n\nA short note." } }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const prospects = [
    { email: quietProspect(mailboxEmail, tag, "ann.lee"), firstName: "Ann", company: "Acme Robotics" },
    { email: quietProspect(mailboxEmail, tag, "bo.kim"), firstName: "Bo", company: "Globex Shipping" },
  ];
  const added = await own.api.post(`/campaigns/${campaignId}/leads`, { leads: prospects });
  expect(added.status(), await added.text()).toBeLessThan(300);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await stepNode(page, /^Step 1: E-mail/).click();

  // The copy names a line the step does not declare yet: the editor says so.
  await page.getByLabel("Body", { exact: true }).fill("Hi {{firstName}},\n\n{{ai.icebreaker}}\n\nA short note.");
  const lines = page.getByTestId("ai-lines");
  await expect(lines.getByRole("alert")).toContainText("uses {{ai.icebreaker}}, which the step does not declare");

  // Declare it: a name and what it should say.
  await lines.getByRole("button", { name: "Add an AI line" }).click();
  await expect(lines.getByLabel("Name")).toHaveValue("icebreaker");
  await lines.getByLabel("What the line should say").fill("One friendly line about their company");
  await expect(lines.getByRole("alert")).toHaveCount(0);
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");

  // Preview for the campaign's leads: each gets a line about its company, shown in the copy.
  await expect(lines.getByText("1 AI credit per new line")).toBeVisible();
  await lines.getByRole("button", { name: "Preview AI lines" }).click();
  const preview = page.getByTestId("ai-preview");
  await expect(preview.getByTestId("ai-preview-lead")).toHaveCount(2);
  await expect(preview).toContainText("2 AI credits spent.");
  const ann = preview.getByTestId("ai-preview-lead").filter({ hasText: "Ann" });
  await expect(ann).toContainText("Acme Robotics");
  await expect(ann).toContainText("Hi Ann,");
  const annLine = (await ann.locator("p", { hasText: "{{ai.icebreaker}}" }).innerText()).replace("{{ai.icebreaker}}: ", "").trim();
  expect(annLine).toContain("Acme Robotics");

  // A second preview shows the same lines and spends nothing.
  await lines.getByRole("button", { name: "Preview AI lines" }).click();
  await expect(preview).toContainText("0 AI credits spent.");
  await lines.scrollIntoViewIfNeeded();
  await snap(page, "step-editor-ai-lines");

  // Run the campaign: each e-mail carries its lead's line, the one the preview wrote.
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);
  await clock.advanceUntil(() => expect(webhookReceiver.received.filter((delivery) => delivery.event === "email.sent")).toHaveLength(2), {
    // The mailbox rests a few minutes between e-mails.
    message: "The campaign's two e-mails",
  });
  const sent = webhookReceiver.received.filter((delivery) => delivery.event === "email.sent").map((delivery) => JSON.parse(delivery.body).data);
  const toAnn = sent.find((data) => data.email.to === prospects[0]!.email);
  expect(toAnn.message.text).toContain(`Hi Ann,\n\n${annLine}\n\nA short note.`);
  const toBo = sent.find((data) => data.email.to === prospects[1]!.email);
  expect(toBo.message.text).toContain("Globex Shipping");

  // Two lines written in all: the sending reused the preview's.
  const ledger = await own.api.get("/credits/ledger");
  const entries = (await ledger.json()).data as Array<{ reason: string }>;
  expect(entries.filter((entry) => entry.reason === "ai-line")).toHaveLength(2);
});

test("AI lines that need approval wait in Approvals; an edited approval is what the lead gets", async ({ page, own, adminRequest, webhookReceiver, clock }) => {
  test.setTimeout(180_000);
  const tag = uniqueTag();
  await grantCredits(adminRequest, own, 5, "AI lines approval journey");
  const mailboxEmail = `iris.ok.${tag}@herald-demo.example`;
  const mailbox = await own.api.post("/email-accounts", { provider: "sandbox", email: mailboxEmail, fromName: "Iris Sender" });
  expect(mailbox.status(), await mailbox.text()).toBeLessThan(300);
  expect((await own.api.post("/webhooks", { url: webhookReceiver.url, events: ["email.sent"] })).status()).toBeLessThan(300);
  const created = await own.api.post("/campaigns", {
    name: `AI lines approved ${tag}`,
    schedule: allDaySchedule(),
    emailAccountIds: [(await mailbox.json()).data.id],
    sequence: {
      steps: [
        {
          type: "email",
          config: {
            subject: "Hello {{firstName}}",
            text: "Hi {{firstName}},\n\n{{ai.icebreaker|A short note.}}",
            aiVariables: [{ name: "icebreaker", prompt: "One friendly line about their company" }],
            aiApproval: "required",
          },
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  const prospect = { email: quietProspect(mailboxEmail, tag, "cy.ng"), firstName: "Cy", company: "Initech" };
  expect((await own.api.post(`/campaigns/${campaignId}/leads`, { leads: [prospect] })).status()).toBeLessThan(300);
  expect((await own.api.patch(`/campaigns/${campaignId}`, { status: "active" })).status()).toBe(200);

  // The executor writes Cy's line and holds the e-mail for approval.
  await clock.advanceUntil(async () => expect(((await (await own.api.get("/pending-ai-lines")).json()).data as unknown[]).length).toBe(1), { message: "Cy's line in the queue" });
  expect(webhookReceiver.received.filter((delivery) => delivery.event === "email.sent")).toHaveLength(0);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);
  await page.goto("/approvals?kind=ai-lines");
  await expect(page.getByRole("tab", { name: "AI lines (1)" })).toHaveAttribute("aria-selected", "true");
  const card = page.getByTestId("ai-line");
  await expect(card).toContainText("Cy");
  await expect(card).toContainText("Initech");
  await expect(card).toContainText("{{ai.icebreaker}}");
  await card.getByLabel("The line for Cy").fill("Congratulations on Initech's new office.");
  await snap(page, "approvals-ai-lines");
  await card.getByRole("button", { name: "Approve edited line" }).click();
  await expect(page.getByTestId("ai-lines-empty")).toBeVisible();

  // Released: the e-mail goes out with the approved line.
  await clock.advanceUntil(() => expect(webhookReceiver.received.filter((delivery) => delivery.event === "email.sent")).toHaveLength(1), { message: "Cy's e-mail" });
  const sent = JSON.parse(webhookReceiver.received.find((delivery) => delivery.event === "email.sent")!.body).data;
  expect(sent.message.text).toContain("Hi Cy,\n\nCongratulations on Initech's new office.");
});
