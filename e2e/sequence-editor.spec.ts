import type { Page } from "@playwright/test";
import { expect, test, uniqueTag, type RestApi } from "./own-workspace";
import { allDaySchedule } from "./schedules";

// The sequence editor, each test in a workspace of its own with the campaign it edits.

async function createCampaign(api: RestApi, body: Record<string, unknown>): Promise<string> {
  const response = await api.post("/campaigns", body);
  expect(response.status()).toBe(201);
  return (await response.json()).data.id as string;
}

async function getSequence(api: RestApi, id: string) {
  const response = await api.get(`/campaigns/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()).data.sequence.steps as Array<{ id: string; type: string; parent: string | null; branch: string | null; config: Record<string, unknown> }>;
}

/** The tree the first test builds in the editor and saves: an invitation, a message on yes, an InMail on no. */
const editorJourney = {
  name: "Editor journey",
  sequence: {
    steps: [
      { id: "invite", type: "invite", config: { note: "Hi {{firstName}}, glad to connect." } },
      { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks for connecting, {{firstName}}!" } },
      {
        id: "inmail",
        type: "inmail",
        parent: "invite",
        branch: "no",
        config: { subject: "A question about {{company}}", text: "Hello {{firstName}}, may I ask you something?", whenUnable: "skip" },
      },
    ],
  },
};

/** A sandbox sender of the test's own (a member nobody else connects). */
async function connectSender(api: RestApi): Promise<string> {
  const sender = await api.post("/accounts", { username: `sequence.editor.${uniqueTag()}@example.com`, password: "any password" });
  expect(sender.status()).toBe(200);
  return (await sender.json()).data.id as string;
}

const stepNode = (page: Page, name: RegExp) => page.getByRole("button", { name });

test("build a tree with an invitation, a message on yes and an InMail on no; save; reload; same tree", async ({ page, own }) => {
  const campaignId = await createCampaign(own.api, { name: "Editor journey" });
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await expect(page.getByRole("heading", { name: "Sequence", level: 1 })).toBeVisible();
  await expect(page.getByText("Editor journey")).toBeVisible();
  await expect(page.getByText("This sequence has no steps yet")).toBeVisible();

  // The first step: a connection request, its note written with a placeholder chip.
  await page.getByRole("button", { name: "Add the first step" }).click();
  await page.getByRole("button", { name: "Connection request", exact: true }).click();
  const note = page.getByLabel("Invitation note (optional)");
  await note.fill("Hi ");
  await page.getByRole("button", { name: "First name" }).click();
  await note.press("End");
  await note.pressSequentially(", glad to connect.");
  await expect(note).toHaveValue("Hi {{firstName}}, glad to connect.");
  await expect(page.getByText("34 / 300 characters")).toBeVisible();
  const invite = stepNode(page, /^Step 1: Connection request/);
  await expect(invite).toBeVisible();
  await expect(invite).toContainText("Hi {{firstName}}, glad to connect.");

  // On the accepted branch, the menu leaves out what needs an unconnected lead.
  await stepNode(page, /^Add a step after Accepted/).click();
  const menu = page.getByTestId("add-step-menu");
  await expect(menu.getByTestId("connected-rule-note")).toContainText("InMail");
  await expect(menu.getByRole("button", { name: "InMail", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("button", { name: "Connection request", exact: true })).toHaveCount(0);
  await expect(menu.getByRole("button", { name: "If connected", exact: true })).toHaveCount(0);
  await menu.getByRole("button", { name: "Message", exact: true }).click();
  const message = stepNode(page, /^Step 2: Message/);
  await expect(message).toContainText("Incomplete");
  await page.getByLabel("Message", { exact: true }).fill("Thanks for connecting, {{firstName}}!");
  await expect(message).not.toContainText("Incomplete");

  // On the not-accepted branch, an InMail.
  await stepNode(page, /^Add a step after Not accepted/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "InMail", exact: true }).click();
  await page.getByLabel("Subject", { exact: true }).fill("A question about {{company}}");
  await page.getByLabel("Message", { exact: true }).fill("Hello {{firstName}}, may I ask you something?");
  await page.getByLabel("When the InMail cannot be sent").selectOption("skip");

  // Edges say what each branch means and when it is taken.
  const labels = page.getByTestId("edge-label");
  await expect(labels.filter({ hasText: "Accepted" }).filter({ hasText: "right away" })).toHaveCount(1);
  await expect(labels.filter({ hasText: "Not accepted" }).filter({ hasText: "after 14 days" })).toHaveCount(1);

  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");

  const steps = await getSequence(own.api, campaignId);
  const byType = Object.fromEntries(steps.map((step) => [step.type, step]));
  expect(steps).toHaveLength(3);
  expect(byType.invite).toMatchObject({ parent: null, branch: null, config: { note: "Hi {{firstName}}, glad to connect." } });
  expect(byType.message).toMatchObject({ parent: byType.invite!.id, branch: "yes", config: { text: "Thanks for connecting, {{firstName}}!" } });
  expect(byType.inmail).toMatchObject({ parent: byType.invite!.id, branch: "no", config: { subject: "A question about {{company}}", whenUnable: "skip" } });

  await page.reload();
  await expect(stepNode(page, /^Step 1: Connection request/)).toContainText("glad to connect");
  await expect(stepNode(page, /^Step 2: Message/)).toContainText("Thanks for connecting");
  await expect(stepNode(page, /^Step 3: InMail/)).toContainText("A question about {{company}}");
  await expect(page.getByTestId("edge-label").filter({ hasText: "Not accepted" })).toHaveCount(1);
  await expect(page.getByTestId("save-state")).toHaveText("No changes");
  expect(await getSequence(own.api, campaignId)).toEqual(steps);
});

test("problems show on the step that has them, from the API's rules", async ({ page, own }) => {
  const campaignId = await createCampaign(own.api, editorJourney);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await stepNode(page, /^Step 1: Connection request/).click();
  await page.getByLabel("Invitation note (optional)").fill("x".repeat(301));
  await expect(page.getByText("301 / 300 characters — 1 too many")).toBeVisible();
  await expect(stepNode(page, /^Step 1: Connection request, 1 problem/)).toContainText("1 problem");
  await expect(page.getByText("must be at most 300 characters")).toBeVisible();
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByText(/Fix the step marked on the canvas/)).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByTestId("save-state")).not.toHaveText("Unsaved changes");
  await expect(stepNode(page, /^Step 1: Connection request$/)).toContainText("glad to connect");
});

test("a forbidden step cannot be added anywhere below the connected branch", async ({ page, own }) => {
  const campaignId = await createCampaign(own.api, editorJourney);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  // Below the message on the accepted branch: still connected.
  await stepNode(page, /^Add a step after No reply \(step 2, Message\)/).click();
  const menu = page.getByTestId("add-step-menu");
  await expect(menu.getByRole("button", { name: "Message", exact: true })).toBeVisible();
  for (const forbidden of ["InMail", "Connection request", "If connected", "If open profile"]) {
    await expect(menu.getByRole("button", { name: forbidden, exact: true })).toHaveCount(0);
  }
  // Below the InMail on the not-accepted branch, an invitation is fine.
  await stepNode(page, /^Add a step after No reply \(step 3, InMail\)/).click();
  await expect(page.getByTestId("add-step-menu").getByRole("button", { name: "Connection request", exact: true })).toBeVisible();
});

test("retype and move a step, only where the rules allow", async ({ page, own }) => {
  const campaignId = await createCampaign(own.api, editorJourney);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await stepNode(page, /^Step 3: InMail/).click();
  const move = page.getByLabel("Move to");
  // An InMail cannot move below the accepted branch: no target is offered.
  await expect(move.locator("option")).toHaveText(["Choose an open branch…"]);
  await expect(move).toBeDisabled();
  // As a message it can; its copy comes along, the subject (which messages lack) does not.
  await page.getByLabel("Kind").selectOption({ label: "Message" });
  await expect(stepNode(page, /^Step 3: Message/)).toContainText("Hello {{firstName}}, may I ask you something?");
  await expect(move.locator("option")).toContainText(["After “No reply” of step 2 (Message)"]);
  await move.selectOption({ label: "After “No reply” of step 2 (Message)" });
  // Now below the message: step 3, with the invitation's no branch open again.
  await expect(stepNode(page, /^Add a step after Not accepted/)).toBeVisible();
  await expect(page.getByTestId("edge-label").filter({ hasText: "No reply" })).toHaveCount(2);
  await page.getByRole("button", { name: "Discard changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Discard changes" }).click();
  await expect(stepNode(page, /^Step 3: InMail/)).toBeVisible();
});

test("keyboard only: add a step, edit it, delete it", async ({ page, own }) => {
  const campaignId = await createCampaign(own.api, editorJourney);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  // Tab reaches the steps, in order.
  await page.getByRole("link", { name: "← Back to campaign" }).focus();
  for (let press = 0; press < 10 && !(await stepNode(page, /^Step 1:/).evaluate((node) => node === document.activeElement)); press++) {
    await page.keyboard.press("Tab");
  }
  await expect(stepNode(page, /^Step 1: Connection request/)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(stepNode(page, /^Step 2: Message/)).toBeFocused();
  const placeholder = stepNode(page, /^Add a step after No reply \(step 3, InMail\)/);
  await placeholder.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("add-step-menu")).toBeVisible();
  // The menu has focus on its first kind; move down to Connection request.
  await expect(page.getByRole("button", { name: "Visit profile", exact: true })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("button", { name: "Connection request", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  const added = stepNode(page, /^Step 4: Connection request/);
  await expect(added).toBeVisible();
  await expect(page.getByTestId("step-panel")).toBeVisible();
  await page.getByLabel("Invitation note (optional)").focus();
  await page.keyboard.type("Still keen to connect?");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("step-panel")).toHaveCount(0);
  await expect(added).toBeFocused();
  await expect(added).toContainText("Still keen to connect?");

  await page.keyboard.press("Delete");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Delete this step?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(stepNode(page, /^Step 4:/)).toHaveCount(0);
  await expect(page.getByTestId("save-state")).toHaveText("No changes");
});

test("unsaved changes are not lost by navigating away without a warning", async ({ page, own }) => {
  const campaignId = await createCampaign(own.api, editorJourney);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await stepNode(page, /^Step 2: Message/).click();
  await page.getByLabel("Message", { exact: true }).fill("Changed, not saved");
  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");

  // A link in the app asks first; staying keeps the change.
  let asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Senders" }).click();
  expect(asked).toContain("unsaved changes");
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}/sequence$`));
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Changed, not saved");

  // So does going back in history.
  asked = "";
  page.once("dialog", (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.goBack();
  await expect.poll(() => asked).toContain("unsaved changes");
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}/sequence$`));
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Changed, not saved");

  // And closing or reloading the tab raises the browser's own warning.
  let unloadAsked = false;
  page.once("dialog", (dialog) => {
    unloadAsked = dialog.type() === "beforeunload";
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => unloadAsked).toBe(true);
  expect(page.isClosed()).toBe(false);
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Changed, not saved");

  // Saving lifts the guard: the link goes through without a question.
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  await page.getByRole("link", { name: "Senders" }).click();
  await expect(page).toHaveURL(/\/senders$/);
});

test("once leads are in progress: a refused save shows why, structure locks, copy and appending still work", async ({ page, own, clock }) => {
  const { api } = own;
  const senderId = await connectSender(api);
  const id = await createCampaign(api, {
    name: "Running campaign",
    linkedinAccountIds: [senderId],
    schedule: allDaySchedule(),
    sequence: {
      steps: [
        // Two days before the invitation: no invitation goes out (and no acceptance comes back) during the tests.
        { id: "visit", type: "visit_profile", nextDelayHours: 48 },
        { id: "invite", type: "invite", parent: "visit" },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks for connecting!" } },
      ],
    },
  });
  const added = await api.post(`/campaigns/${id}/leads`, { leads: [{ profileUrl: "https://www.linkedin.com/in/maya-chen-000" }] });
  expect(added.status()).toBe(200);

  // The editor opens while no lead has started; the message is deleted.
  await own.signIn(page);
  await page.goto(`/campaigns/${id}/sequence`);
  await stepNode(page, /^Step 3: Message/).click();
  await page.getByRole("button", { name: "Delete this step" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(stepNode(page, /^Step 3:/)).toHaveCount(0);

  // Meanwhile the campaign starts and its lead reaches the first step (Herald's clock moved to the
  // executor's next pass).
  expect((await api.patch(`/campaigns/${id}`, { status: "active" })).status()).toBe(200);
  await clock.advance(60_000);
  await expect.poll(async () => (await (await api.get(`/campaigns/${id}`)).json()).data.leadsInProgress).toBe(true);

  // The API refuses the deletion; the editor says so and keeps the draft.
  await page.getByRole("button", { name: "Save sequence" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Not saved." });
  await expect(refusal).toContainText("Leads are in progress");
  await expect(refusal).toContainText("removes step thanks");
  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");

  // Fresh from the server: structure locked, with the reason, on every saved step.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Discard changes" }).click();
  await page.reload();
  await expect(page.getByText("Leads are in progress on this campaign")).toBeVisible();
  const message = stepNode(page, /^Step 3: Message/);
  await expect(message).toContainText("Locked");
  await message.focus();
  await page.keyboard.press("Delete");
  await expect(page.getByRole("dialog")).toBeHidden();
  // Delete says why it does nothing.
  await expect(page.getByTestId("editor-notice")).toHaveText(
    /^#3 Message can't be removed once leads are in progress; you can still change its messages and delays\./,
  );
  await expect(message).toBeFocused();
  await message.click();
  await expect(page.getByTestId("structure-locked")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete this step" })).toHaveCount(0);
  await page.getByLabel("Message", { exact: true }).fill("Thanks for connecting, {{firstName}}!");

  // Appending on an open branch is still possible.
  await stepNode(page, /^Add a step after Not accepted/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "InMail", exact: true }).click();
  await page.getByLabel("Subject", { exact: true }).fill("Quick question");
  await page.getByLabel("Message", { exact: true }).fill("Hello {{firstName}}");
  // A step added since the last save is not locked.
  await expect(page.getByRole("button", { name: "Delete this step" })).toBeVisible();
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");

  const steps = await getSequence(api, id);
  expect(steps.map((step) => [step.id, step.type, step.parent, step.branch])).toEqual([
    ["visit", "visit_profile", null, null],
    ["invite", "invite", "visit", null],
    ["thanks", "message", "invite", "yes"],
    [expect.stringMatching(/^st_/), "inmail", "invite", "no"],
  ]);
  expect(steps[2]!.config.text).toBe("Thanks for connecting, {{firstName}}!");
  expect((await api.patch(`/campaigns/${id}`, { status: "paused" })).status()).toBe(200);
});

test("voice notes: a message's voice note, and a recorded voice note with a recording per sender", async ({ page, own }) => {
  const senderId = await connectSender(own.api);
  const id = await createCampaign(own.api, {
    name: "Voice notes",
    linkedinAccountIds: [senderId],
    sequence: {
      steps: [
        { id: "invite", type: "invite" },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks for connecting!" } },
      ],
    },
  });
  await own.signIn(page);
  await page.goto(`/campaigns/${id}/sequence`);

  await stepNode(page, /^Step 2: Message/).click();
  await page.getByLabel("Voice note (optional)").fill("https://example.com/hello.m4a");

  await stepNode(page, /^Add a step after No reply/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "Recorded voice note", exact: true }).click();
  const voiceStep = stepNode(page, /^Step 3: Recorded voice note/);
  await expect(voiceStep).toContainText("Incomplete");
  await expect(page.getByLabel("Recording", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "+ Recording for a sender" }).click();
  await expect(page.getByLabel("Recording 1 sender")).toHaveValue(senderId);
  await page.getByLabel("Recording 1 URL").fill("not a url");
  await expect(page.getByTestId("voice-assignment-row")).toContainText("http(s) URL");
  await page.getByLabel("Recording 1 URL").fill("https://example.com/rep.m4a");
  // With every sender's own recording, the step's default recording becomes optional.
  await expect(page.getByLabel("Voice note (optional)")).toBeVisible();
  await expect(voiceStep).not.toContainText("Incomplete");

  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  const steps = await getSequence(own.api, id);
  expect(steps.find((step) => step.id === "thanks")!.config).toMatchObject({ voice: { url: "https://example.com/hello.m4a" } });
  expect(steps.find((step) => step.type === "voice_note")).toMatchObject({
    parent: "thanks",
    branch: "no",
    config: { voiceAssignments: [{ linkedinAccountId: senderId, voice: { url: "https://example.com/rep.m4a" } }] },
  });

  await page.reload();
  await stepNode(page, /^Step 3: Recorded voice note/).click();
  await expect(page.getByLabel("Recording 1 URL")).toHaveValue("https://example.com/rep.m4a");
});
