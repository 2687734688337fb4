import type { Page } from "@playwright/test";
import { sandboxDirectory } from "../server/providers/linkedin/sandbox/directory";
import { expect, test as base, uniqueTag } from "./own-workspace";
import { grantCredits } from "./credits";
import { settled, trackFetches } from "./settled";

// The dashboard on a phone (390 × 844): the navigation folds behind a menu button and no page
// scrolls sideways; wide tables scroll inside their card instead.
const PHONE = { width: 390, height: 844 };

/** Each test's own workspace with a sender and a campaign with leads, set up over the API. */
const test = base.extend<{ phoneData: { campaignId: string; senderId: string } }>({
  // A long name and address, as real ones can be: the members page must wrap them on a phone.
  ownLabel: "Mia-Alexandra-Worthington",
  phoneData: async ({ own, adminRequest }, provide) => {
    const { api } = own;
    // A movement in the credit ledger, so that Settings shows the ledger's table.
    await grantCredits(adminRequest, own, 250, "Credits for trying the company search on a phone");
    const sender = await api.post("/accounts", { username: `mia.sender.${uniqueTag()}@example.com`, password: "any password will do", label: "Mia's sender", timezone: "Europe/Paris" });
    expect(sender.status()).toBe(200);
    const senderId = (await sender.json()).data.id as string;
    const created = await api.post("/campaigns", {
      name: "Founders on the go, a campaign with a rather long name to wrap",
      linkedinAccountIds: [senderId],
      sequence: {
        steps: [
          { type: "visit_profile" },
          { type: "invite", config: { note: "Hi {{firstName}}, glad to connect." } },
          { type: "message", config: { text: "Thanks for connecting, {{firstName}}!" } },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const campaignId = (await created.json()).data.id as string;
    const leads = sandboxDirectory()
      .slice(200, 206)
      .map((person) => ({ profileUrl: `https://www.linkedin.com/in/${person.publicIdentifier}`, company: person.company }));
    expect((await api.post(`/campaigns/${campaignId}/leads`, { leads })).status()).toBeLessThan(300);
    await provide({ campaignId, senderId });
  },
});

/** Fails naming the page and the outermost elements that stick out on the right. */
async function expectNoHorizontalOverflow(page: Page, what: string, soft = false) {
  const sizes = await page.evaluate(() => {
    const clientWidth = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => element.getBoundingClientRect().right > clientWidth + 1);
    // Inside a sideways-scrolling box is fine, unless absolutely placed outside of it.
    const clipped = (element: HTMLElement) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible") return getComputedStyle(element).position !== "absolute";
      }
      return false;
    };
    const outermost = wide.filter((element) => !clipped(element) && !wide.includes(element.parentElement!));
    const describe = (element: HTMLElement) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")} (${Math.round(element.getBoundingClientRect().right)} px)`;
    return { scrollWidth: document.documentElement.scrollWidth, clientWidth, offenders: outermost.slice(0, 5).map(describe).join(", ") };
  });
  const check = soft ? expect.soft : expect;
  check(sizes.scrollWidth, `${what} scrolls sideways at ${PHONE.width} px: ${sizes.offenders}`).toBeLessThanOrEqual(sizes.clientWidth);
}

test("the menu button opens the navigation, which closes again after a choice", async ({ page, own }) => {
  await page.setViewportSize(PHONE);
  await own.signIn(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  if (process.env.MOBILE_SCREENSHOTS) await page.screenshot({ path: `${process.env.MOBILE_SCREENSHOTS}/menu-open.png` });
  await nav.getByRole("link", { name: "Senders" }).click();
  await expect(page).toHaveURL(/\/senders$/);
  await expect(nav).toBeHidden();
  await menu.click();
  await expect(nav).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
});

test("no main page scrolls sideways at 390 px", async ({ page, own, phoneData: { campaignId, senderId } }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await trackFetches(page);
  await own.signIn(page);
  const pages: Array<[string, string, (page: Page) => Promise<void>]> = [
    // The home; with its figures, cards and breakdown, in e2e/analytics.spec.ts.
    ["analytics", "/analytics", (p) => expect(p.getByText(/^No leads were contacted in these 30 days/)).toBeVisible()],
    ["campaigns list", "/campaigns", (p) => expect(p.getByTestId("campaign-row")).toHaveCount(1)],
    ["campaign leads", `/campaigns/${campaignId}`, (p) => expect(p.getByTestId("lead-row").first()).toBeVisible()],
    ["campaign funnel", `/campaigns/${campaignId}?tab=funnel`, (p) => expect(p.getByRole("tabpanel")).toBeVisible()],
    ["campaign forecast", `/campaigns/${campaignId}?tab=forecast`, (p) => expect(p.getByRole("tabpanel")).toBeVisible()],
    ["campaign sequence", `/campaigns/${campaignId}?tab=sequence`, (p) => expect(p.getByTestId("sequence-step").first()).toBeVisible()],
    ["campaign settings", `/campaigns/${campaignId}?tab=settings`, (p) => expect(p.getByRole("region", { name: "Schedule" })).toBeVisible()],
    ["inbox", "/inbox", (p) => expect(p.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible()],
    ["approvals", "/approvals", (p) => expect(p.getByText("Nothing waits for approval")).toBeVisible()],
    ["senders", "/senders", (p) => expect(p.getByTestId("sender-row").first()).toBeVisible()],
    ["a sender", `/senders/${senderId}`, (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["settings", "/settings", (p) => expect(p.getByText("Credits for trying the company search on a phone")).toBeVisible()],
    ["members", "/settings/members", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    // A key's Revoke is on the screen, not past a sideways scroll.
    ["API and webhooks", "/settings/api", (p) => expect(p.getByTestId("api-key-row").first().getByRole("button", { name: "Revoke" })).toBeInViewport({ ratio: 1 })],
    ["do not contact", "/settings/do-not-contact", (p) => expect(p.getByText("The do-not-contact list is empty")).toBeVisible()],
    ["background jobs", "/settings/jobs", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["API reference", "/api-reference", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["sandbox", "/sandbox", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["companies", "/companies", (p) => expect(p.getByRole("button", { name: /^Search · / })).toBeVisible()],
    ["sequence editor", `/campaigns/${campaignId}/sequence`, (p) => expect(p.getByRole("button", { name: /^Step 1: / })).toBeVisible()],
  ];
  for (const [what, path, loaded] of pages) {
    await page.goto(path);
    await loaded(page);
    await settled(page);
    if (process.env.MOBILE_SCREENSHOTS) await page.screenshot({ path: `${process.env.MOBILE_SCREENSHOTS}/${what.replaceAll(" ", "-")}.png`, fullPage: true });
    await expectNoHorizontalOverflow(page, what, true);
  }
});

test("the sequence editor on a phone: the tree, and a step's details over it", async ({ page, own, phoneData: { campaignId } }) => {
  await page.setViewportSize(PHONE);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await expect(page.getByText("Editing is easier on a wider screen.")).toBeVisible();
  const invite = page.getByRole("button", { name: /^Step 2: Connection request/ });
  await expect(invite).toBeVisible();
  await invite.click();
  const panel = page.getByRole("complementary", { name: "Edit step" });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel(/Invitation note/)).toHaveValue("Hi {{firstName}}, glad to connect.");
  await expectNoHorizontalOverflow(page, "the sequence editor with a step open");
});

test("a sender's time zone is picked from a searchable list of IANA zones", async ({ page, own, phoneData: { senderId } }) => {
  await page.setViewportSize(PHONE);
  await own.signIn(page);
  await page.goto(`/senders/${senderId}`);
  const settings = page.locator("form").filter({ has: page.getByLabel("Timezone") });
  await expect(settings.getByLabel("Timezone")).toHaveValue("Europe/Paris");
  await settings.getByRole("searchbox", { name: "Search time zones" }).fill("new york");
  await expect(settings.getByLabel("Timezone")).toHaveValue("America/New_York");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Timezone")).toHaveValue("America/New_York");
});

test("the mailboxes list and a mailbox's page fit a phone, with a long address", async ({ page, own }) => {
  const connected = await own.api.post("/email-accounts", {
    provider: "sandbox",
    email: `mia-alexandra.worthington.${uniqueTag()}@a-rather-long-company-domain.example`,
    fromName: "Mia-Alexandra Worthington",
  });
  expect(connected.status()).toBeLessThan(300);
  const mailboxId = (await connected.json()).data.id as string;
  await page.setViewportSize(PHONE);
  await trackFetches(page);
  await own.signIn(page);
  for (const [what, path, loaded] of [
    ["mailboxes", "/mailboxes", (p: Page) => expect(p.getByTestId("mailbox-row")).toHaveCount(1)],
    ["a mailbox", `/mailboxes/${mailboxId}`, (p: Page) => expect(p.getByTestId("performance-chart")).toBeVisible()],
    ["a mailbox's health", `/mailboxes/${mailboxId}/health`, (p: Page) => expect(p.getByTestId("warmup-card")).toBeVisible()],
  ] as const) {
    await page.goto(path);
    await loaded(page);
    await settled(page);
    if (process.env.MOBILE_SCREENSHOTS) await page.screenshot({ path: `${process.env.MOBILE_SCREENSHOTS}/${what.replaceAll(" ", "-")}.png`, fullPage: true });
    await expectNoHorizontalOverflow(page, what);
  }
  await page.goto("/mailboxes");
  await page.getByRole("button", { name: "Connect a mailbox" }).click();
  await page.getByRole("dialog").getByRole("tab", { name: "SMTP / IMAP" }).click();
  await expectNoHorizontalOverflow(page, "the connect dialog's SMTP / IMAP form");
});

test("the campaign's leads table folds into short rows on a phone, and the Inbox fits", async ({ page, own, phoneData: { campaignId } }) => {
  await page.setViewportSize(PHONE);
  await trackFetches(page);
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}`);
  const rows = page.getByTestId("lead-row");
  await expect(rows).toHaveCount(6);
  await settled(page);
  // Name and status on one line, the current step and when the next is due on the other.
  for (const row of await rows.all()) {
    const box = (await row.boundingBox())!;
    expect(box.height, "a lead's row on a phone").toBeLessThanOrEqual(72);
    for (const part of [row.getByTestId("lead-name"), row.getByText("Pending"), row.getByText("#1 Visit profile")]) {
      await expect(part).toBeVisible();
      const { x, width } = (await part.boundingBox())!;
      expect(x + width, "a lead's name, status and step within the screen's width").toBeLessThanOrEqual(PHONE.width);
    }
  }
  const table = page.getByRole("table", { name: /^Leads of / });
  const scroll = await table.evaluate((element) => ({ scrollWidth: element.parentElement!.scrollWidth, clientWidth: element.parentElement!.clientWidth }));
  expect(scroll.scrollWidth, "the leads table scrolls sideways inside its card").toBeLessThanOrEqual(scroll.clientWidth);
  await expectNoHorizontalOverflow(page, "campaign leads");

  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await settled(page);
  await expectNoHorizontalOverflow(page, "inbox");
});
