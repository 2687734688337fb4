import type { Locator, Page } from "@playwright/test";
import { expect, expectContentFits, test, uniqueTag } from "./own-workspace";

// Issue 18's journey on the sandbox: a newcomer opens Orders, orders two new domains with four
// mailboxes through the wizard, pays (the sandbox pays at once), watches the order reach Completed,
// finds the four managed mailboxes on the Mailboxes page warming up, cancels one, and cancels a
// domain's admin mailbox after the second question. The Orders page and the wizard at 390 px.
test.use({ ownLabel: "Orla" });

const PHONE = { width: 390, height: 844 };

async function snap(page: Page, name: string) {
  if (process.env.ORDERS_SCREENSHOTS) await page.screenshot({ path: `${process.env.ORDERS_SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** A search word of the run's own, clear of the sandbox registrar's fault markers (docs/sandbox.md). */
function orderWord(): string {
  return `orla${uniqueTag()}`.replace(/taken|gone|timeout|slow|platformfail/g, "x");
}

async function fillMailbox(fields: Locator, person: { first: string; last: string; localPart?: string }) {
  await fields.getByLabel("First name").fill(person.first);
  await fields.getByLabel("Last name").fill(person.last);
  if (person.localPart) await fields.getByRole("button", { name: `${person.localPart}@` }).click();
}

async function searchAndAdd(page: Page, word: string, names: string[]) {
  await page.getByLabel("Find a new domain").fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  for (const name of names) {
    const offer = page.getByTestId("domain-offer").filter({ has: page.getByText(name, { exact: true }) });
    await expect(offer).toContainText(/\$\d+\.\d\d the first year/);
    await offer.getByRole("button", { name: `Add ${name}` }).click();
  }
  await expect(page.getByTestId("chosen-domain")).toHaveCount(names.length);
}

test("a newcomer orders two domains with four mailboxes, watches the order complete, and cancels two mailboxes", async ({ page, own, clock }) => {
  test.setTimeout(120_000);
  const word = orderWord();
  const [first, second] = [`${word}.com`, `${word}.io`];
  await page.setViewportSize({ width: 1280, height: 1000 });
  await own.signIn(page);

  // Orders, empty: one clear way in.
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
  await page.getByRole("link", { name: "Order domains and mailboxes" }).click();
  await expect(page).toHaveURL(/\/orders\/new$/);

  // 1. Domains: two new ones from a search.
  await searchAndAdd(page, word, [first, second]);
  await page.getByRole("button", { name: "Next" }).click();

  // 2. Mailboxes: a Google domain and a Microsoft one, two mailboxes each.
  const firstDomain = page.getByRole("region", { name: `Domain ${first}` });
  const secondDomain = page.getByRole("region", { name: `Domain ${second}` });
  await fillMailbox(firstDomain.getByTestId("mailbox-fields").nth(0), { first: "Jane", last: "Doe" });
  await expect(firstDomain.getByTestId("mailbox-fields").nth(0).getByLabel("Address")).toHaveValue("jane");
  await firstDomain.getByRole("button", { name: `Add a mailbox on ${first}` }).click();
  await firstDomain.getByTestId("mailbox-fields").nth(1).getByLabel("First name").fill("John");
  // A missing name is named beside its field before anything is priced.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(firstDomain.getByTestId("mailbox-fields").nth(1).getByRole("alert")).toHaveText("is required");
  await fillMailbox(firstDomain.getByTestId("mailbox-fields").nth(1), { first: "John", last: "Smith", localPart: "john.smith" });
  await secondDomain.getByLabel("Mail platform").selectOption({ label: "Microsoft 365" });
  await secondDomain.getByLabel("Redirect visitors to").fill("https://example.com");
  await fillMailbox(secondDomain.getByTestId("mailbox-fields").nth(0), { first: "Ada", last: "Lovelace" });
  await secondDomain.getByRole("button", { name: `Add a mailbox on ${second}` }).click();
  await fillMailbox(secondDomain.getByTestId("mailbox-fields").nth(1), { first: "Alan", last: "Turing", localPart: "alan.turing" });
  await snap(page, "wizard-mailboxes");
  await page.getByRole("button", { name: "Next" }).click();

  // 3. Warmup, 4. the price, then pay.
  await page.getByRole("radio", { name: /Standard/ }).check();
  await page.getByRole("button", { name: "Review the price" }).click();
  await expect(page.getByTestId("quote-line").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("list", { name: "Order summary" })).toContainText(`jane@${first}, john.smith@${first}`);
  await expect(page.getByRole("list", { name: "Order summary" })).toContainText(`ada@${second}, alan.turing@${second}`);
  const total = (await page.getByTestId("quote-total").textContent())!;
  expect(total).toMatch(/^\$\d+\.\d\d$/);
  // Back to the warmup and to the price again, with nothing changed: the same quote, no second order.
  await page.getByRole("button", { name: "Back" }).click();
  await page.getByRole("button", { name: "Review the price" }).click();
  await expect(page.getByTestId("quote-total")).toHaveText(total);
  await expect(page.getByTestId("sandbox-billing-note")).toContainText("paying charges no card");
  await snap(page, "wizard-review");
  await page.getByRole("button", { name: `Pay ${total}` }).click();

  // The order on the Orders page, live, until Completed.
  await expect(page).toHaveURL(/\/orders\?order=/, { timeout: 30_000 });
  const order = page.getByTestId("order-card");
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId("order-total")).toHaveText(total);
  await expect(order.getByTestId("order-payment")).toHaveText("Paid");
  await expect(order.getByTestId("order-stage")).toHaveCount(7);
  await snap(page, "order-moving");
  // The provisioning steps wait on the sandbox registrar and mail platform (seconds each, on
  // Herald's clock) and look again after sleeps: Herald's time moves instead of the test waiting,
  // within the five minutes the order had before. The live page follows without a reload.
  await clock.advanceUntil(
    async () => {
      const orders = (await (await own.api.get("/mailbox-orders")).json()).data as Array<{ status: string }>;
      expect(orders.map((row) => row.status)).toContain("completed");
    },
    { limitMs: 300_000, message: "The order's completion" },
  );
  await expect(order).toHaveAttribute("data-status", "completed");
  // One order for one purchase: no unpaid copy left behind by the visits to the price.
  const orders = (await (await own.api.get("/mailbox-orders")).json()).data as Array<{ status: string }>;
  expect(orders.map((row) => row.status)).toEqual(["completed"]);
  await expect(order.getByTestId("order-status")).toHaveText("Completed");
  await expect(order.locator('[data-testid="order-stage"][data-state="done"]')).toHaveCount(7);
  await expect(order.getByTestId("order-mailbox").filter({ hasText: "Connected" })).toHaveCount(4);
  await expect(order.getByRole("link", { name: `john.smith@${first}` })).toBeVisible();
  await snap(page, "order-completed");

  // The Orders page with an order fits a phone.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId("order-card")).toBeVisible();
  await snap(page, "orders-phone");
  await expectContentFits(page);
  await page.setViewportSize({ width: 1280, height: 1000 });

  // The four managed mailboxes, warming up.
  await page.goto("/mailboxes");
  const rows = page.getByTestId("mailbox-row");
  await expect(rows).toHaveCount(4);
  for (const [email, domain] of [
    [`jane@${first}`, first],
    [`john.smith@${first}`, first],
    [`ada@${second}`, second],
    [`alan.turing@${second}`, second],
  ]) {
    const row = rows.filter({ hasText: email });
    await expect(row.getByText(`Managed · ${domain}`)).toBeVisible();
    await expect(row.getByTestId("managed-renews")).toContainText(/^Renews \w{3} \d{1,2}, \d{4}$/);
  }
  await expect
    .poll(
      async () => {
        const listed = await own.api.get("/email-accounts?limit=100");
        const accounts = (await listed.json()).data as Array<{ connectedVia: string; warmup: { status: string } }>;
        return accounts.filter((account) => account.connectedVia === "managed" && (account.warmup.status === "warming" || account.warmup.status === "warm")).length;
      },
      { timeout: 60_000 },
    )
    .toBe(4);

  // Cancelling a mailbox that is not the domain's admin: it ends with its paid month.
  const john = rows.filter({ hasText: `john.smith@${first}` });
  await john.getByRole("button", { name: /^Cancel the subscription of / }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("not charged again");
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(john.getByTestId("managed-cancels")).toHaveText(/^Cancels on \w{3} \d{1,2}, \d{4}$/);
  await expect(john.getByRole("button", { name: /^Cancel the subscription of / })).toHaveCount(0);

  // The admin mailbox of a domain with another mailbox running: asked once more, then cancelled.
  const ada = rows.filter({ hasText: `ada@${second}` });
  await ada.getByRole("button", { name: /^Cancel the subscription of / }).click();
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(dialog.getByTestId("admin-mailbox-warning")).toContainText(`no mailbox can be added to ${second}`);
  await dialog.getByRole("button", { name: "Cancel the admin mailbox" }).click();
  await expect(dialog).toBeHidden();
  await expect(ada.getByTestId("managed-cancels")).toContainText("Cancels on");
  await snap(page, "mailboxes-managed");

  // A managed mailbox's own page offers no Remove (it ends with its subscription).
  await rows.filter({ hasText: `alan.turing@${second}` }).getByRole("link", { name: /^Manage / }).click();
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove", exact: true })).toHaveCount(0);
});

test("the Orders page and the wizard fit a phone, and the Managed mailboxes switch", async ({ page, own }) => {
  await page.setViewportSize(PHONE);
  await own.signIn(page);
  await page.goto("/orders");
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
  await expectContentFits(page);
  await page.goto("/orders/new");
  const word = orderWord();
  await searchAndAdd(page, word, [`${word}.com`]);
  await expectContentFits(page);
  await page.getByRole("button", { name: "Next" }).click();
  await fillMailbox(page.getByTestId("mailbox-fields").first(), { first: "Maximiliana", last: "Featherstonehaugh", localPart: "maximiliana.featherstonehaugh" });
  await expect(page.getByTestId("mailbox-fields").first().getByLabel("Address")).toHaveValue("maximiliana.featherstonehaugh");
  await expectContentFits(page);

  // The switch that allows ordering sits in the workspace settings, on by default, and saves.
  await page.goto("/settings");
  const managed = page.getByRole("checkbox", { name: /^Managed mailboxes/ });
  await expect(managed).toBeChecked();
  await managed.uncheck();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /^Managed mailboxes/ })).not.toBeChecked();
});
