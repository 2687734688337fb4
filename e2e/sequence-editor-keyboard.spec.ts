import type { Locator, Page } from "@playwright/test";
import { expect, test, type RestApi } from "./own-workspace";

// The sequence editor by keyboard: numbers that stay put, Tab in tree order, undo and redo, a new
// step brought into view, and the warning on a message that may not reach its lead. Each test in a
// workspace of its own.

async function createCampaign(api: RestApi, body: Record<string, unknown>): Promise<string> {
  const response = await api.post("/campaigns", body);
  expect(response.status()).toBe(201);
  return (await response.json()).data.id as string;
}

const node = (page: Page, name: RegExp) => page.getByRole("button", { name });
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");

/** An invitation; a message on its yes, an InMail on its no, in that order in the steps array. */
const inviteTree = {
  steps: [
    { id: "invite", type: "invite", config: { note: "Hi {{firstName}}" } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks for connecting!" } },
    { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "A question", text: "Hello {{firstName}}" } },
  ],
};

test("numbers stay with their steps when one is added above them; Tab and Shift+Tab walk the tree", async ({ page, own }) => {
  const id = await createCampaign(own.api, { name: "Keyboard numbering", sequence: inviteTree });
  await own.signIn(page);
  await page.goto(`/campaigns/${id}/sequence`);
  await expect(node(page, /^Step 3: InMail/)).toBeVisible();

  // A step on the message's branch comes before the InMail in the tree, but is number 4.
  await node(page, /^Add a step after No reply \(step 2, Message\)/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "Visit profile", exact: true }).click();
  await expect(node(page, /^Step 4: Visit profile/)).toBeVisible();
  await expect(node(page, /^Step 3: InMail/)).toBeVisible();
  await expect(node(page, /^Step 2: Message/)).toBeVisible();

  const treeOrder = [
    "Step 1: Connection request",
    "Step 2: Message",
    "Step 4: Visit profile",
    "Add a step after Next (step 4, Visit profile)",
    "Step 3: InMail",
    "Add a step after No reply (step 3, InMail)",
  ];
  await node(page, /^Step 1: Connection request/).focus();
  const forward = [await focusedLabel(page)];
  for (let press = 1; press < treeOrder.length; press++) {
    await page.keyboard.press("Tab");
    forward.push(await focusedLabel(page));
  }
  expect(forward).toEqual(treeOrder);
  const backward = [await focusedLabel(page)];
  for (let press = 1; press < treeOrder.length; press++) {
    await page.keyboard.press("Shift+Tab");
    backward.push(await focusedLabel(page));
  }
  expect(backward).toEqual([...treeOrder].reverse());

  // Saved, and read again: the same numbers.
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  await page.reload();
  await expect(node(page, /^Step 4: Visit profile/)).toBeVisible();
  await expect(node(page, /^Step 3: InMail/)).toBeVisible();
  // The campaign page numbers the steps the same way.
  await page.goto(`/campaigns/${id}`);
  await page.getByRole("tab", { name: "Sequence" }).click();
  const outline = page.getByTestId("sequence-step");
  await expect(outline.nth(2)).toContainText("#4");
  await expect(outline.nth(2)).toContainText("Visit profile");
  await expect(outline.nth(3)).toContainText("#3");
  await expect(outline.nth(3)).toContainText("InMail");
});

test("undo and redo: the toolbar and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y, typing undone as one edit, text fields keep their own undo", async ({ page, own }) => {
  const id = await createCampaign(own.api, { name: "Keyboard undo", sequence: inviteTree });
  await own.signIn(page);
  await page.goto(`/campaigns/${id}/sequence`);
  const undo = page.getByRole("button", { name: "Undo", exact: true });
  const redo = page.getByRole("button", { name: "Redo", exact: true });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  // Add a step, then undo it from the canvas by keyboard, and redo it both ways.
  await node(page, /^Add a step after No reply \(step 3, InMail\)/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "Visit profile", exact: true }).click();
  const added = node(page, /^Step 4: Visit profile/);
  await expect(added).toBeVisible();
  await expect(undo).toBeEnabled();
  await node(page, /^Step 1:/).focus();
  await page.keyboard.press("Control+z");
  await expect(added).toHaveCount(0);
  await expect(page.getByTestId("save-state")).toHaveText("No changes");
  await expect(redo).toBeEnabled();
  await page.keyboard.press("Control+Shift+Z");
  await expect(added).toBeVisible();
  await page.keyboard.press("Control+z");
  await expect(added).toHaveCount(0);
  await page.keyboard.press("Control+y");
  await expect(added).toBeVisible();

  // Typing in a field is one edit to undo, not one per character.
  await node(page, /^Step 2: Message/).click();
  const text = page.getByLabel("Message", { exact: true });
  await text.click();
  await text.press("End");
  await text.pressSequentially(" See you soon.");
  await expect(text).toHaveValue("Thanks for connecting! See you soon.");
  await undo.click();
  await expect(text).toHaveValue("Thanks for connecting!");
  await expect(added).toBeVisible();
  await redo.click();
  await expect(text).toHaveValue("Thanks for connecting! See you soon.");

  // In a text field Ctrl+Z is the field's own undo: the draft's history is left alone.
  await node(page, /^Step 3: InMail/).click();
  const subject = page.getByLabel("Subject", { exact: true });
  await subject.focus();
  await page.keyboard.press("Control+z");
  await expect(added).toBeVisible();
  await expect(node(page, /^Step 2: Message/)).toContainText("See you soon.");

  // Undo takes away the step whose panel is open: the panel closes with it.
  await added.click();
  await expect(page.getByTestId("step-panel")).toBeVisible();
  await undo.click();
  await undo.click();
  await expect(added).toHaveCount(0);
  await expect(page.getByTestId("step-panel")).toHaveCount(0);
});

async function insideCanvas(page: Page, element: Locator): Promise<boolean> {
  const canvas = await page.getByRole("region", { name: "Sequence tree" }).boundingBox();
  const box = await element.boundingBox();
  if (!canvas || !box) return false;
  return box.x >= canvas.x && box.y >= canvas.y && box.x + box.width <= canvas.x + canvas.width && box.y + box.height <= canvas.y + canvas.height;
}

test("a step added far down the tree is brought into view and selected", async ({ page, own }) => {
  const chain = Array.from({ length: 14 }, () => ({ type: "visit_profile" }));
  const id = await createCampaign(own.api, { name: "Keyboard long chain", sequence: { steps: chain } });
  await own.signIn(page);
  await page.goto(`/campaigns/${id}/sequence`);
  const last = node(page, /^Add a step after Next \(step 14, Visit profile\)/);
  await expect(last).toHaveCount(1);
  expect(await insideCanvas(page, last)).toBe(false);

  await last.focus();
  await page.keyboard.press("Enter");
  await page.getByTestId("add-step-menu").getByRole("button", { name: "Connection request", exact: true }).click();
  const added = node(page, /^Step 15: Connection request/);
  await expect(added).toHaveCount(1);
  await expect.poll(() => insideCanvas(page, added)).toBe(true);
  await expect(page.getByTestId("step-panel").getByRole("heading", { name: "Connection request" })).toBeVisible();
  await expect(page.locator(".react-flow__node.selected")).toHaveAttribute("data-id", (await added.getAttribute("data-id"))!);
});

test("a message where the lead may not be connected carries a warning that does not block saving", async ({ page, own }) => {
  const id = await createCampaign(own.api, {
    name: "Keyboard warning",
    sequence: {
      steps: [
        { id: "invite", type: "invite" },
        { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Thanks for connecting!" } },
        { id: "nudge", type: "message", parent: "invite", branch: "no", config: { text: "Did you see my invitation?" } },
      ],
    },
  });
  await own.signIn(page);
  await page.goto(`/campaigns/${id}/sequence`);
  const warned = node(page, /^Step 3: Message, the lead may not be connected$/);
  await expect(warned).toContainText("Lead may not be connected");
  await expect(node(page, /^Step 2: Message$/)).not.toContainText("Lead may not be connected");

  await warned.click();
  await expect(page.getByTestId("step-warning")).toHaveText(
    "The lead may not be connected here, so this message can only reach them if they are already a connection.",
  );
  await page.getByLabel("Message", { exact: true }).fill("Did you see my invitation, {{firstName}}?");
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");

  // As an InMail it reaches the lead: no warning.
  await page.getByLabel("Kind").selectOption({ label: "InMail" });
  await expect(page.getByTestId("step-warning")).toHaveCount(0);
  await expect(node(page, /^Step 3: InMail/)).not.toContainText("Lead may not be connected");
});
