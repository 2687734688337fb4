import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { humanGapSeconds } from "../server/domain/sequence/human-gaps";
import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { expect, expectContentFits, test, uniqueTag, type OwnWorkspace } from "./own-workspace";
import { grantCredits } from "./credits";
import { allDaySchedule } from "./schedules";

// The Approvals queue end to end, on the sandbox network with the real executor: three leads reach
// a campaign's comment step and two others an AI voice note step (each with its own sender, as a
// sender drafts one note per turn); the executor drafts five items that wait for a person. An
// approver of the workspace clears the mixed queue by keyboard only (approve, edit and approve,
// reject, J/K, Space to listen), the counts follow, and the leads move on: rejected ones at once
// (the comment's next step, the voice note's no-reply branch), approved ones on their sender's
// next turn, when the prospect receives the comment as edited and the voice message. Herald's clock
// moves through the executor's passes and the senders' rests instead of the test waiting for them.
test.use({ ownLabel: "Quinn" });

interface Sender {
  id: string;
  label: string;
  /** Seconds the sender rests after its draft (its first campaign action) before its next turn sends what was approved. */
  gap: number;
}

/** Calls a tRPC procedure with the page's session, as the dashboard does. */
async function trpc<T>(request: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const response = await request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.status(), `${procedure}: ${await response.text()}`).toBe(200);
  return (await response.json()).result.data.json as T;
}

async function newSender(own: OwnWorkspace, label: string, tag: string): Promise<Sender> {
  const response = await own.api.post("/accounts", { username: `${label.split(" ")[0]!.toLowerCase()}.${tag}@example.com`, password: "any password will do", label });
  expect(response.status(), await response.text()).toBe(200);
  const id = (await response.json()).data.id as string;
  return { id, label, gap: humanGapSeconds(id, 0) };
}

async function newCampaign(own: OwnWorkspace, name: string, senders: Sender[], steps: unknown[], people: ReturnType<typeof sandboxDirectory>) {
  const created = await own.api.post("/campaigns", { name, schedule: allDaySchedule(), linkedinAccountIds: senders.map((sender) => sender.id), sequence: { steps } });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()).data as { id: string; sequence: { steps: Array<{ id: string; type: string }> } };
  const leads = people.map((person) => ({ profileUrl: `https://www.linkedin.com/in/${person.publicIdentifier}`, firstName: person.firstName, lastName: person.lastName, company: person.company }));
  expect((await own.api.post(`/campaigns/${campaign.id}/leads`, { leads })).status()).toBeLessThan(300);
  const stepOf = (type: string) => campaign.sequence.steps.find((step) => step.type === type)!.id;
  return { id: campaign.id, stepOf };
}

interface LeadProgress {
  publicIdentifier: string | null;
  status: string;
  currentStepId: string | null;
  waitUntil: string | null;
}

async function leadsOf(own: OwnWorkspace, campaignId: string): Promise<LeadProgress[]> {
  const response = await own.api.get(`/campaigns/${campaignId}/leads?limit=100`);
  expect(response.status()).toBe(200);
  return (await response.json()).data as LeadProgress[];
}

async function pendingCount(own: OwnWorkspace, path: "/pending-comments" | "/pending-voice-notes"): Promise<number> {
  const response = await own.api.get(`${path}?status=pending`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()).data as unknown[]).length;
}

/** An approver of the owner's workspace: invited by the owner, joined, signed in on a page of their own. */
async function approverPage(browser: Browser, ownerRequest: APIRequestContext, baseURL: string, tag: string): Promise<Page> {
  const email = `ari.approver.${tag}@example.com`;
  const password = "the approver's long password";
  const { url } = await trpc<{ url: string }>(ownerRequest, "members.invite", { email, role: "approver" });
  const context = await browser.newContext({ baseURL });
  await trpc(context.request, "setup.acceptInvitation", { token: new URL(url).pathname.split("/").pop(), name: "Ari Approver", password });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // An approver starts on the queue.
  await expect(page).toHaveURL(/\/approvals$/);
  return page;
}

/** Keys go to the page, not to whatever control was clicked last. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Nothing inside <main> scrolls sideways (on a phone the navigation is folded away already). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.locator("main").evaluate((main) => ({ scrollWidth: main.scrollWidth, clientWidth: main.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Moves the queue's focus with J and K (never the mouse) to the draft whose row shows `text`. */
async function focusDraft(page: Page, text: string) {
  const rows = page.getByTestId("approval-row");
  const texts = await rows.allInnerTexts();
  const target = texts.findIndex((row) => row.includes(text));
  expect(target, `a draft showing ${text}`).toBeGreaterThanOrEqual(0);
  const focused = await rows.evaluateAll((elements) => elements.findIndex((element) => element.hasAttribute("data-focused")));
  for (let step = focused; step < target; step++) await page.keyboard.press("j");
  for (let step = focused; step > target; step--) await page.keyboard.press("k");
  await expect(page.locator("[data-testid=approval-row][data-focused]")).toContainText(text);
}

test("an approver clears a mixed queue of comments and voice notes by keyboard, and the leads move on", async ({ page, own, browser, baseURL, adminRequest, clock }) => {
  const tag = uniqueTag();
  // Prospects with a recent post for the comments (some have none), and two more for the voice notes.
  const directory = sandboxDirectory();
  const start = 20 + (parseInt(tag, 36) % 150);
  const withPosts = directory.slice(start).filter((person) => person.posts.length > 0);
  const commentPeople = withPosts.slice(0, 3);
  const voicePeople = directory.slice(start).filter((person) => !commentPeople.includes(person)).slice(0, 2);
  const nameOf = (person: (typeof directory)[number]) => `${person.firstName} ${person.lastName}`;

  // Five sandbox senders (the workspace's five seats): three comment, two speak.
  const commenters = [await newSender(own, `Cora on LinkedIn ${tag}`, tag), await newSender(own, `Cody on LinkedIn ${tag}`, tag), await newSender(own, `Cleo on LinkedIn ${tag}`, tag)];
  const speakers = [await newSender(own, `Vera on LinkedIn ${tag}`, tag), await newSender(own, `Vic on LinkedIn ${tag}`, tag)];
  // What is approved goes out on its sender's next turn, after the rest the draft began: the
  // senders resting least are the ones whose drafts get approved, so Herald's clock moves least.
  const byGap = (a: Sender, b: Sender) => a.gap - b.gap;
  const [editedSender, approvedSender, rejectedSender] = [...commenters].sort(byGap) as [Sender, Sender, Sender];
  const [approvedSpeaker, rejectedSpeaker] = [...speakers].sort(byGap) as [Sender, Sender];
  test.setTimeout(180_000);

  // The owner adds AI credits (drafts and speech spend them) and connects each speaker with its lead.
  await page.setViewportSize({ width: 1440, height: 1000 });
  await own.signIn(page);
  await grantCredits(adminRequest, own, 50, "approvals journey");
  for (const [index, speaker] of speakers.entries()) {
    const invite = await own.api.post(`/accounts/${speaker.id}/connections`, { profileUrl: `https://www.linkedin.com/in/${voicePeople[index]!.publicIdentifier}` });
    expect(invite.status(), await invite.text()).toBeLessThan(300);
  }
  await page.getByRole("link", { name: "Sandbox", exact: true }).click();
  for (const [index, speaker] of speakers.entries()) {
    const invitation = page.getByTestId("sandbox-invitation").filter({ hasText: speaker.label });
    await invitation.getByRole("button", { name: `Accept as ${nameOf(voicePeople[index]!)}` }).click();
    await expect(invitation).toContainText("accepted");
  }

  const comments = await newCampaign(
    own,
    `Comments ${tag}`,
    commenters,
    [
      { id: "comment", type: "comment_post", config: { prompt: "Pick up one concrete point of the post and add a short thought of your own" } },
      { id: "visit", type: "visit_profile", parent: "comment" },
    ],
    commentPeople,
  );
  const voiceSteps = [
    { id: "voice", type: "ai_voice_note", nextDelayHours: 48, config: { script: "Hi {{firstName}}, a quick word about {{company}}.", fallbackScript: "Hi there, a quick word." } },
    { id: "bump", type: "message", parent: "voice", branch: "no", config: { text: "Any thoughts, {{firstName}}?" } },
  ];
  const voices = [
    await newCampaign(own, `Voice notes ${tag} A`, [speakers[0]!], voiceSteps, [voicePeople[0]!]),
    await newCampaign(own, `Voice notes ${tag} B`, [speakers[1]!], voiceSteps, [voicePeople[1]!]),
  ];
  for (const campaign of [comments, ...voices]) expect((await own.api.patch(`/campaigns/${campaign.id}`, { status: "active" })).status()).toBe(200);

  // Each sender's first turn drafts one item; all five wait for a person.
  await clock.advanceUntil(
    async () => {
      expect(await pendingCount(own, "/pending-comments")).toBe(3);
      expect(await pendingCount(own, "/pending-voice-notes")).toBe(2);
    },
    { limitMs: 10 * 60_000, message: "Three comments and two voice notes waiting for approval" },
  );

  // The approver's dashboard: the queue, five drafts counted in the navigation and the tabs.
  const approver = await approverPage(browser, page.request, baseURL!, tag);
  await approver.setViewportSize({ width: 1440, height: 1000 });
  const navigation = approver.getByRole("navigation", { name: "Main" });
  await expect(navigation.getByTestId("approvals-badge")).toHaveText(/^5/);
  await expect(navigation.getByRole("link", { name: "Campaigns" })).toHaveCount(0);
  await expect(approver.getByRole("tab", { name: "Comments (3)" })).toHaveAttribute("aria-selected", "true");
  await expect(approver.getByRole("tab", { name: "Voice notes (2)" })).toBeVisible();
  const rows = approver.getByTestId("approval-row");
  await expect(rows).toHaveCount(3);

  // On a phone: the list fits, a tap opens the draft, and the way back returns to the list.
  await approver.setViewportSize({ width: 390, height: 844 });
  await expect(rows.first()).toBeVisible();
  await expectNoSidewaysScroll(approver);
  await rows.first().getByRole("button").click();
  await expect(approver.getByTestId("approval-detail")).toBeVisible();
  await expect(rows.first()).toBeHidden();
  await expect(approver.getByTestId("approval-post")).toBeVisible();
  await expectNoSidewaysScroll(approver);
  await approver.getByRole("button", { name: "← All comments waiting" }).click();
  await expect(rows.first()).toBeVisible();
  await approver.setViewportSize({ width: 1440, height: 1000 });

  // The shortcuts overlay.
  await blur(approver);
  await approver.keyboard.press("?");
  const help = approver.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Approve the selected drafts");
  await approver.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // A comment shows the lead's card, their post and the draft.
  const detail = approver.getByTestId("approval-detail");
  const commentFor = (sender: Sender) => commentPeople[commenters.indexOf(sender)]!;
  await focusDraft(approver, editedSender.label);
  const editedLead = commentFor(editedSender);
  await expect(detail.getByTestId("approval-lead-name")).toHaveText(nameOf(editedLead));
  await expect(detail).toContainText(`Comments ${tag}`);
  await expect(detail).toContainText(editedSender.label);
  await expect(detail.getByRole("link", { name: "LinkedIn profile ↗" })).toHaveAttribute("href", new RegExp(editedLead.publicIdentifier));
  await expect(detail.getByTestId("approval-post")).not.toBeEmpty();
  await expect(detail.getByTestId("approval-comment")).not.toBeEmpty();

  // E edits in place; Ctrl+Enter approves the edited text; the next draft comes up by itself.
  await approver.keyboard.press("e");
  const editor = detail.getByRole("textbox", { name: "Comment" });
  await expect(editor).toBeFocused();
  const edited = `Well put, ${editedLead.firstName}: the second point matches what we see too (${tag}).`;
  await editor.fill(edited);
  await editor.press("Control+Enter");
  await expect(approver.getByTestId("approval-notice")).toContainText(`Approved your edit of the comment for ${nameOf(editedLead)}`);
  await expect(rows).toHaveCount(2);
  await expect(approver.locator("[data-testid=approval-row][data-focused]")).toHaveCount(1);

  // A approves one as drafted, X rejects the other (each found with J/K).
  await focusDraft(approver, approvedSender.label);
  await approver.keyboard.press("a");
  await expect(approver.getByTestId("approval-notice")).toContainText(`Approved the comment for ${nameOf(commentFor(approvedSender))}`);
  await expect(rows).toHaveCount(1);
  await focusDraft(approver, rejectedSender.label);
  // X rejects, and for a few seconds (until the next decision) the notice's Undo takes it back.
  await approver.keyboard.press("x");
  await expect(rows).toHaveCount(0);
  await approver.getByTestId("approval-notice").getByRole("button", { name: "Undo" }).click();
  await expect(approver.getByTestId("approval-notice")).toContainText(`Kept the comment for ${nameOf(commentFor(rejectedSender))}`);
  await expect(rows).toHaveCount(1);
  expect(await pendingCount(own, "/pending-comments")).toBe(1);
  await blur(approver);
  await focusDraft(approver, rejectedSender.label);
  await approver.keyboard.press("x");
  await expect(approver.getByTestId("approval-notice")).toContainText(`Rejected the comment for ${nameOf(commentFor(rejectedSender))}`);
  await expect(approver.getByText("Nothing waits for approval")).toBeVisible();
  await expect(approver.getByRole("tab", { name: "Comments (0)" })).toBeVisible();
  await expect(navigation.getByTestId("approvals-badge")).toHaveText(/^2/, { timeout: 20_000 });

  // The voice notes: the audio decodes into a waveform, Space plays and pauses it.
  await approver.getByRole("tab", { name: "Voice notes (2)" }).click();
  await expect(rows).toHaveCount(2);
  await blur(approver);
  const speakerLead = (speaker: Sender) => voicePeople[speakers.indexOf(speaker)]!;
  await focusDraft(approver, approvedSpeaker.label);
  await expect(detail.getByTestId("approval-lead-name")).toHaveText(nameOf(speakerLead(approvedSpeaker)));
  await expect(detail.getByTestId("approval-script")).toHaveText(`Hi ${speakerLead(approvedSpeaker).firstName}, a quick word about ${speakerLead(approvedSpeaker).company}.`);
  await expect(detail.getByTestId("voice-waveform")).toHaveAttribute("data-state", "ready", { timeout: 20_000 });
  await expect(detail.getByTestId("voice-waveform").locator("rect")).toHaveCount(64);
  await approver.keyboard.press(" ");
  await expect(detail.getByRole("button", { name: /^Pause / })).toBeVisible();
  await approver.keyboard.press(" ");
  await expect(detail.getByRole("button", { name: /^Play / })).toBeVisible();
  // With the focus still on the tab just chosen, Space plays the voice note too.
  await approver.getByRole("tab", { name: "Voice notes (2)" }).focus();
  await approver.keyboard.press(" ");
  await expect(detail.getByRole("button", { name: /^Pause / })).toBeVisible();
  await approver.keyboard.press(" ");
  await expect(detail.getByRole("button", { name: /^Play / })).toBeVisible();
  await approver.keyboard.press("a");
  await expect(approver.getByTestId("approval-notice")).toContainText(`Approved the voice note for ${nameOf(speakerLead(approvedSpeaker))}`);
  await focusDraft(approver, rejectedSpeaker.label);
  await approver.keyboard.press("x");
  await expect(approver.getByTestId("approval-notice")).toContainText(`Rejected the voice note for ${nameOf(speakerLead(rejectedSpeaker))}`);
  await expect(approver.getByText("Nothing waits for approval")).toBeVisible();
  await expect(approver.getByRole("tab", { name: "Voice notes (0)" })).toBeVisible();
  await expect(navigation.getByTestId("approvals-badge")).toHaveCount(0, { timeout: 20_000 });
  expect(await pendingCount(own, "/pending-comments")).toBe(0);
  expect(await pendingCount(own, "/pending-voice-notes")).toBe(0);

  // Rejected leads moved on at once: the comment's lead to the next step, the voice note's to the no-reply branch.
  const progressOf = async (campaign: { id: string }, person: { publicIdentifier: string }) =>
    (await leadsOf(own, campaign.id)).find((lead) => lead.publicIdentifier === person.publicIdentifier)!;
  // (Its sender rests after the draft, so the next step has most likely not run yet; if it has, the lead is done.)
  const rejectedComment = await progressOf(comments, commentFor(rejectedSender));
  expect(["running", "done"]).toContain(rejectedComment.status);
  expect([comments.stepOf("visit_profile"), null]).toContain(rejectedComment.currentStepId);
  const rejectedVoices = voices[speakers.indexOf(rejectedSpeaker)]!;
  const rejectedVoice = await progressOf(rejectedVoices, speakerLead(rejectedSpeaker));
  expect(rejectedVoice).toMatchObject({ status: "running", currentStepId: rejectedVoices.stepOf("message") });

  // Approved ones go out on their sender's next turn, once Herald's clock is past the rest the draft
  // began: the prospect sees the comment as edited, and the voice message.
  await page.goto("/sandbox");
  await clock.advance(Math.max(editedSender.gap, approvedSpeaker.gap) * 1000);
  await clock.advanceUntil(
    async () => {
      // (The page loads what prospects received after it renders: an expect's own timeout, not a second.)
      await page.reload();
      await expect(page.getByTestId("sandbox-comment").filter({ hasText: edited })).toBeVisible();
      await expect(page.getByTestId("sandbox-voice-message").filter({ hasText: nameOf(speakerLead(approvedSpeaker)) })).toBeVisible();
    },
    { limitMs: 5 * 60_000, message: "The approved comment and voice message on the Sandbox page" },
  );
  await expect.poll(async () => (await progressOf(comments, editedLead)).currentStepId).not.toBe(comments.stepOf("comment_post"));

  // The page fits a phone with its queue empty too.
  await approver.setViewportSize({ width: 390, height: 844 });
  await expectContentFits(approver);
  await approver.context().close();
});
