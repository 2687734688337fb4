import type { APIRequestContext, Page } from "@playwright/test";
import { expect, restApi, test, uniqueTag, type RestApi } from "./own-workspace";

// AI agents' writes held for approval, and API key budgets (docs/agent-approvals.md), as a person
// uses them: the owner makes a key "For an AI agent" in Settings → API and turns on "AI agents'
// changes wait for approval" in Settings → Workspace. The agent's writes over the REST API (an
// agent's key is held on any transport) answer 202 and wait in Approvals → Agent actions, where the
// owner reads what each would do in words, opens its input, approves one (it runs: the list exists)
// and rejects another (it never runs). Back in Settings → API the key shows as an AI agent's, with
// the action the approved write spent; the owner gives it a budget and resets its count. Both pages
// fit a phone's width.
test.use({ ownLabel: "Avery" });

/** The page fits the phone's width: the document does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));
  expect(scrollWidth, "the page's width on a phone").toBeLessThanOrEqual(viewport);
}

/** A button is there to tap on a phone: inside the viewport's width once scrolled to. */
async function expectReachable(page: Page, button: ReturnType<Page["getByRole"]>) {
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function agentWrite(write: ReturnType<RestApi["post"]>) {
  const response = await write;
  expect(response.status(), await response.text()).toBe(202);
  const body = (await response.json()) as { pendingApproval: { id: string; summary: string; status: string }; message: string };
  expect(body.pendingApproval.status).toBe("pending");
  expect(body.message).toContain("Approvals → Agent actions");
  return body.pendingApproval;
}

async function leadLists(api: RestApi): Promise<Array<{ id: string; name: string }>> {
  const response = await api.get("/lead-lists?limit=100");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).data;
}

async function openAgentActions(page: Page) {
  await page.goto("/approvals?kind=agent-actions");
  await expect(page.getByRole("tab", { name: /^Agent actions/ })).toHaveAttribute("aria-selected", "true");
}

test("an agent's writes wait for approval: the owner approves one, rejects another, and budgets the key", async ({ page, own, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const tag = uniqueTag();
  const keyName = `Claude desktop ${tag}`;
  const listName = `Founders from the agent ${tag}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await own.signIn(page);

  // Settings → API: a key for an AI agent.
  await page.goto("/settings/api");
  // The keys are listed once the page runs in the browser: the form is not submitted before then.
  await expect(page.getByTestId("api-key-row")).toHaveCount(1);
  await page.getByLabel("Key name").fill(keyName);
  await page.getByLabel("For an AI agent").check();
  await page.getByRole("button", { name: "Create API key" }).click();
  const agentKey = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(agentKey).toMatch(/^hk_/);
  const keyRow = page.getByTestId("api-key-row").filter({ hasText: keyName });
  await expect(keyRow.getByTestId("api-key-agent")).toHaveText("AI agent");
  const agentRequest: APIRequestContext = await playwright.request.newContext({ baseURL });
  const agent = restApi(agentRequest, agentKey);

  try {
    // Before the setting, the agent's writes run at once.
    const early = await agent.post("/lead-lists", { name: `Early list ${tag}` });
    expect(early.status(), await early.text()).toBe(201);

    // Settings → Workspace: agents' changes wait for approval.
    await page.goto("/settings");
    const setting = page.getByLabel(/AI agents' changes wait for approval/);
    await expect(setting).not.toBeChecked();
    await setting.check();
    await page.locator("form").filter({ has: setting }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/AI agents' changes wait for approval/)).toBeChecked();

    // Nothing waits yet.
    await openAgentActions(page);
    await expect(page.getByTestId("agent-writes-empty")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Agent actions (0)" })).toBeVisible();

    // The agent creates a list: held, not run. Reads are not held.
    const held = await agentWrite(agent.post("/lead-lists", { name: listName, description: "People the agent found" }));
    expect(held.summary).toBe(`Create a lead list (“${listName}”)`);
    expect((await agent.get("/lead-lists")).status()).toBe(200);
    expect((await leadLists(own.api)).map((list) => list.name)).not.toContain(listName);

    // The owner sees it in words, with the key's name, and its input when asked.
    await openAgentActions(page);
    await expect(page.getByRole("tab", { name: "Agent actions (1)" })).toBeVisible();
    const card = page.getByTestId("agent-write");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Create a lead list (“${listName}”)`);
    await expect(card).toContainText(`“${keyName}”`);
    const input = card.locator("pre");
    await expect(input).toBeHidden();
    await card.locator("summary").click();
    await expect(input).toBeVisible();
    await expect(input).toContainText(listName);
    await expect(input).not.toContainText("params");

    // On a phone: the card fits and its buttons are in reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await expectReachable(page, card.getByRole("button", { name: "Approve and run" }));
    await expectReachable(page, card.getByRole("button", { name: "Reject" }));
    await page.setViewportSize({ width: 1280, height: 900 });

    // Approved: it runs as the key, the outcome says so, and the list exists.
    await card.getByRole("button", { name: "Approve and run" }).click();
    await expect(page.getByTestId("agent-write-decided")).toContainText(/Approved by .+; it ran\./);
    await expect(page.getByTestId("agent-write-decided")).toContainText("Create a lead list");
    await expect(page.getByTestId("agent-writes-empty")).toBeVisible();
    await expect(page.getByRole("tab", { name: "Agent actions (0)" })).toBeVisible();
    const created = (await leadLists(own.api)).find((list) => list.name === listName);
    expect(created, "the approved list").toBeTruthy();

    // A second write, a rename of that list: rejected, it never runs.
    const rename = await agentWrite(agent.patch(`/lead-lists/${created!.id}`, { name: `Renamed by the agent ${tag}` }));
    expect(rename.summary).toContain(`“${listName}”`);
    await page.reload();
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Rename a lead list (list “${listName}”, changes name)`);
    await card.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByTestId("agent-write-decided")).toContainText(/Rejected by .+; it did not run\./);
    await expect(page.getByTestId("agent-writes-empty")).toBeVisible();
    expect((await leadLists(own.api)).find((list) => list.id === created!.id)?.name).toBe(listName);

    // The decided ones, with their outcomes.
    await page.getByRole("button", { name: "Show decided actions" }).click();
    const decided = page.getByTestId("agent-writes-decided").getByTestId("agent-write");
    await expect(decided).toHaveCount(2);
    await expect(decided.filter({ hasText: "Rename a lead list" }).getByTestId("agent-write-outcome")).toContainText("Rejected");
    await expect(decided.filter({ hasText: "Create a lead list" }).getByTestId("agent-write-outcome")).toContainText("it ran");
    await expect(decided.getByRole("button", { name: "Approve and run" })).toHaveCount(0);

    // The empty queue on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByTestId("agent-writes-empty")).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The row of tabs scrolls sideways on a phone; the selected one is scrolled into view.
    await expect(page.getByRole("tab", { name: /^Agent actions/ })).toBeInViewport({ ratio: 1 });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Settings → API: the key spent one action (the approved write; the early one before any
    // budget counted too, the rejected one did not). The owner sets a budget, then resets the count.
    await page.goto("/settings/api");
    await expect(keyRow.getByTestId("api-key-agent")).toHaveText("AI agent");
    const budget = keyRow.getByTestId("api-key-budget");
    await expect(budget).toContainText("2 actions");
    await budget.getByRole("button", { name: "Change budget" }).click();
    await budget.getByLabel("Actions").fill("2");
    await budget.getByRole("button", { name: "Save" }).click();
    await expect(budget).toContainText("2 of 2 actions");
    await expect(budget).toContainText("Used up");

    // Used up: the agent's next write is refused at once, in words, rather than held.
    const refused = await agent.post("/lead-lists", { name: `Over budget ${tag}` });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Settings → API");

    await budget.getByRole("button", { name: "Reset counts" }).click();
    await expect(budget).toContainText("0 of 2 actions");
    await expect(budget).not.toContainText("Used up");
    await agentWrite(agent.post("/lead-lists", { name: `After the reset ${tag}` }));

    // On a phone: the keys fit, and the budget's buttons are in reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await expectReachable(page, budget.getByRole("button", { name: "Change budget" }));
    await expectReachable(page, budget.getByRole("button", { name: "Reset counts" }));
    await expectReachable(page, keyRow.getByRole("button", { name: "Revoke" }));
    await budget.getByRole("button", { name: "Change budget" }).click();
    await expectNoSidewaysScroll(page);
    await expectReachable(page, budget.getByRole("button", { name: "Save" }));
  } finally {
    await agentRequest.dispose();
  }
});
