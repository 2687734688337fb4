import type { Page } from "@playwright/test";
import { datasetCompanies } from "./company-data";
import { grantCredits } from "./credits";
import { expect, test, uniqueTag } from "./own-workspace";

// Issue 17's "done when": a newcomer searches the company database, sees what it costs before it
// runs, sorts, scrolls for more, opens a company and its people, and adds the people of two
// companies to a campaign; the AI credits go down by exactly what each step said it charged.

const INDUSTRY = "computer software";
const COUNTRY = "united states";
const PAGE = 25;

/** The workspace's AI credits, read the way the dashboard reads them (a tRPC query is a GET). */
async function balanceOf(page: Page): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({ json: { limit: 1, offset: 0 } }));
  const response = await page.request.get(`/api/trpc/credits.ledger?input=${input}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result.data.json.balance as number;
}

/** What the last search (or page) charged, as the results say: "This search: 7 credits charged (…)" or "nothing charged". */
async function chargedBySearch(page: Page): Promise<number> {
  const line = page.getByTestId("last-charge");
  await expect(line).toHaveText(/^(This search|The page just loaded): (\d+ credits? charged|nothing charged)/);
  const words = (await line.textContent()) ?? "";
  return Number(/(\d+) credits? charged/.exec(words)?.[1] ?? 0);
}

/** Picks a value in a typeahead of the filter sidebar, with the keyboard, and sees it as a chip. */
async function pickValue(page: Page, label: string, typed: string, option: RegExp) {
  const filters = page.getByRole("form", { name: "Filters" });
  const box = filters.getByRole("combobox", { name: label });
  await box.fill(typed);
  const suggestion = page.getByRole("listbox", { name: `${label} suggestions` }).getByRole("option", { name: option });
  await expect(suggestion).toBeVisible();
  // The count of companies with the value is shown beside it.
  await expect(suggestion).toContainText(/\d/);
  await box.press("ArrowDown");
  await box.press("ArrowUp");
  await suggestion.click();
  await expect(filters.getByRole("list", { name: `${label}: chosen` })).toContainText(option);
}

test("a newcomer finds companies, sees each cost first, and adds their people to a campaign", async ({ page, own, adminRequest }) => {
  test.setTimeout(120_000);
  const matching = datasetCompanies().filter(({ company }) => company.industries.includes(INDUSTRY) && company.country === COUNTRY);
  expect(matching.length).toBeGreaterThan(2 * PAGE);
  const campaignName = `Software in the US ${uniqueTag()}`;
  const created = await own.api.post("/campaigns", { name: campaignName });
  expect(created.status(), await created.text()).toBe(201);
  const campaignId = (await created.json()).data.id as string;

  await page.setViewportSize({ width: 1440, height: 900 });
  await own.signIn(page);
  // The installation's instance administrator grants the workspace its credits (an owner cannot).
  await grantCredits(adminRequest, own, 500, "companies journey");
  let balance = 500;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Companies" }).click();
  await expect(page.getByRole("heading", { name: "Companies", level: 1 })).toBeVisible();
  await expect(page.getByText("Choose filters to find companies")).toBeVisible();
  const searchButton = page.getByRole("button", { name: /^Search · / });
  await expect(searchButton).toBeDisabled();

  await pickValue(page, "Industries", "computer sof", /^Computer Software/);
  await pickValue(page, "Countries", "united sta", /^United States/);
  // A range typed wrong is said in words and holds the search back until fixed.
  await page.getByLabel("Employees from").fill("a dozen");
  await expect(page.getByText("From: Enter a whole number, such as 50.")).toBeVisible();
  await expect(searchButton).toBeDisabled();
  await page.getByLabel("Employees from").fill("");

  await expect(searchButton).toHaveText(`Search · up to ${PAGE} credits (you have 500)`);
  await searchButton.click();
  const rows = page.getByTestId("company-row");
  await expect(rows).toHaveCount(PAGE);
  balance -= PAGE;
  await expect(page.getByTestId("results-summary")).toContainText(`${matching.length} companies match · ${PAGE} shown · ${PAGE} credits spent`);
  await expect(page.getByTestId("last-charge")).toHaveText(`This search: ${PAGE} credits charged.`);
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));

  // Sorting by employees is a new search: it says so, with its cost, and runs on confirmation. The
  // companies of the first page it shows again are free: the page says what it charged.
  await page.getByRole("columnheader", { name: /Employees/ }).getByRole("button").click();
  await page.getByRole("button", { name: `Sort · up to ${PAGE} credits (you have ${balance})` }).click();
  await expect(page.getByRole("columnheader", { name: /Employees/ })).toHaveAttribute("aria-sort", "descending");
  const sorted = await chargedBySearch(page);
  balance -= sorted;
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));
  const largest = [...matching].sort((a, b) => (b.company.headcount ?? 0) - (a.company.headcount ?? 0));
  await expect(rows.first()).toContainText(largest[0]!.company.name);

  // Scrolling to the end loads the next page, which the line there prices (at most: some of its
  // companies may be paid for already). The summary counts the credits of the rows shown.
  const more = Math.min(PAGE, matching.length - PAGE);
  await expect(page.getByRole("button", { name: `Load ${more} more · up to ${more} credits (you have ${balance})` })).toBeVisible();
  await page.getByTestId("load-more").scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(PAGE + more);
  const loaded = await chargedBySearch(page);
  balance -= loaded;
  await expect(page.getByTestId("results-summary")).toContainText(`${PAGE + more} shown · ${sorted + loaded} credits spent`);
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));

  // A company's details, then its people, whose cost is on the button.
  const first = largest[0]!;
  await rows.first().getByRole("button", { name: first.company.name }).click();
  const detail = page.getByRole("dialog", { name: first.company.name });
  await expect(detail.getByText(first.company.description!)).toBeVisible();
  await detail.getByRole("button", { name: `Show people · up to ${PAGE} credits (you have ${balance})` }).click();
  await expect(detail.getByTestId("person-row")).toHaveCount(first.people.length);
  await expect(detail.getByTestId("person-row").first()).toContainText(/\w+ \w+/);
  balance -= first.people.length;
  await expect(detail.getByTestId("people-count")).toHaveText(`${first.people.length} of ${first.people.length} shown · ${first.people.length} credits spent`);
  await detail.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));

  // Two companies' people go to the campaign.
  const chosen = [largest[1]!, largest[2]!];
  for (const [index, { company }] of chosen.entries()) {
    await expect(rows.nth(index + 1)).toContainText(company.name);
    await rows.nth(index + 1).getByRole("checkbox").check();
  }
  await expect(page.getByTestId("selection-count")).toHaveText("2 companies selected");
  await page.getByRole("button", { name: "Add people to…" }).click();
  const dialog = page.getByRole("dialog", { name: "Add people to…" });
  await dialog.getByLabel("Campaign", { exact: true }).selectOption({ label: campaignName });
  await expect(dialog.getByTestId("add-people-cost")).toContainText(`1 credit per person added (you have ${balance})`);
  await dialog.getByRole("button", { name: "Add people" }).click();
  const result = dialog.getByTestId("add-people-result");
  const reachable = chosen.flatMap(({ people }) => people).filter((person) => person.linkedinUrl || person.email).length;
  await expect(result).toContainText(`${reachable} people added to ${campaignName}`);
  balance -= reachable;
  await expect(result).toContainText(`${reachable} credits spent; ${balance} left.`);
  await dialog.getByRole("button", { name: "Done" }).click();

  // The balance went down by exactly what each step said, and the leads are in the campaign.
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));
  expect(await balanceOf(page)).toBe(500 - (PAGE + sorted + loaded + first.people.length + reachable));
  const leads = await own.api.get(`/campaigns/${campaignId}/leads?limit=100`);
  expect((await leads.json()).data).toHaveLength(reachable);
});

test("a search the credits cannot pay for says so, charges nothing and links to the credits", async ({ page, own }) => {
  await own.signIn(page);
  await page.goto("/companies");
  await pickValue(page, "Industries", "computer sof", /^Computer Software/);
  await page.getByRole("button", { name: `Search · up to ${PAGE} credits (you have 0)` }).click();
  const alert = page.getByText("Not enough AI credits.");
  await expect(alert).toBeVisible();
  await expect(page.getByText(/which would cost 25 credits; the workspace has 0 credits\. Nothing was charged\./)).toBeVisible();
  await expect(page.getByTestId("company-row")).toHaveCount(0);
  expect(await balanceOf(page)).toBe(0);
  await page.getByRole("link", { name: "Add credits in Settings → AI credits" }).click();
  await expect(page).toHaveURL(/\/settings#ai-credits$/);
  await expect(page.getByRole("heading", { name: "AI credits" })).toBeVisible();

  // An owner cannot grant credits (only an instance administrator can): they buy them there, through
  // the installation's billing (the sandbox's here, which charges nothing); the same search then goes through.
  await expect(page.getByRole("button", { name: "Grant credits" })).toHaveCount(0);
  const refused = await page.request.post("/api/trpc/credits.grant", { data: { json: { amount: 1_000_000, reason: "free searches" } } });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Only an instance administrator can grant AI credits.");
  await page.getByLabel("Credits to buy").fill("100");
  await expect(page.getByTestId("credit-price")).toContainText("$1.00 · $10.00 per 1,000 credits (sandbox billing: nothing is charged)");
  await page.getByRole("button", { name: "Buy credits" }).click();
  await expect(page.getByText("Bought 100 credits.")).toBeVisible();
  await expect(page.getByTestId("credit-granted-by").first()).toHaveText("Sandbox billing");
  expect(await balanceOf(page)).toBe(100);
  await page.goto("/companies");
  await pickValue(page, "Industries", "computer sof", /^Computer Software/);
  await page.getByRole("button", { name: `Search · up to ${PAGE} credits (you have 100)` }).click();
  await expect(page.getByTestId("company-row")).toHaveCount(PAGE);
  expect(await balanceOf(page)).toBe(100 - PAGE);
});

test("the companies re-charge: a re-sort and the same search again cost nothing, new companies do", async ({ page, own, adminRequest }) => {
  test.setTimeout(90_000);
  const inCountry = (country: string) => datasetCompanies().filter(({ company }) => company.industries.includes(INDUSTRY) && company.country === country);
  const dutch = inCountry("netherlands");
  const japanese = inCountry("japan");
  // Every match fits on one page, so that every order of the search shows only companies paid for.
  expect(dutch.length).toBeGreaterThan(2);
  expect(dutch.length + japanese.length).toBeLessThanOrEqual(PAGE);
  expect(japanese.length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await own.signIn(page);
  await grantCredits(adminRequest, own, 100, "re-charge journey");
  let balance = 100;
  await page.goto("/companies");
  await pickValue(page, "Industries", "computer sof", /^Computer software/i);
  await pickValue(page, "Countries", "netherl", /^Netherlands/i);
  const searchButton = page.getByRole("button", { name: /^Search · / });
  await expect(searchButton).toHaveText(`Search · up to ${PAGE} credits (you have 100)`);
  await searchButton.click();
  const rows = page.getByTestId("company-row");
  const lastCharge = page.getByTestId("last-charge");
  await expect(rows).toHaveCount(dutch.length);
  balance -= dutch.length;
  await expect(lastCharge).toHaveText(`This search: ${dutch.length} credits charged.`);
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));

  // Sorting by name: every match is paid for, so it is free, and says so first. The header shows
  // the order the rows are in, not the one chosen, until the sorted rows have arrived.
  const nameHeader = page.getByRole("columnheader", { name: /Company/ });
  await nameHeader.getByRole("button").click();
  await expect(nameHeader).not.toHaveAttribute("aria-sort");
  await page.getByRole("button", { name: `Sort · free: already paid for (you have ${balance})` }).click();
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  const byName = dutch.map(({ company }) => company.name).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  await expect(rows.first()).toContainText(byName[0]!);
  await expect(lastCharge).toHaveText(`This search: nothing charged: ${dutch.length} companies already paid for in the last 24 hours.`);
  expect(await balanceOf(page)).toBe(balance);

  // The same search again: free before (its button) and after (the results and the balance).
  await expect(searchButton).toHaveText(`Search · free: already paid for (you have ${balance})`);
  const answered = page.waitForResponse((response) => response.url().includes("companyDatabase.searchCompanies"));
  await searchButton.click();
  expect((await answered).status()).toBe(200);
  await expect(lastCharge).toHaveText(`This search: nothing charged: ${dutch.length} companies already paid for in the last 24 hours.`);
  expect(await balanceOf(page)).toBe(balance);
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));

  // Japan as well: the new companies are charged, those already paid for are not.
  await pickValue(page, "Countries", "japa", /Japan/i);
  await expect(searchButton).toHaveText(`Search · up to ${PAGE} credits (you have ${balance})`);
  await searchButton.click();
  await expect(rows).toHaveCount(dutch.length + japanese.length);
  balance -= japanese.length;
  const newOnes = japanese.length === 1 ? "1 credit" : `${japanese.length} credits`;
  await expect(lastCharge).toHaveText(`This search: ${newOnes} charged (${dutch.length} companies already paid for in the last 24 hours: free).`);
  expect(await balanceOf(page)).toBe(balance);
  await expect(page.getByTestId("credit-balance")).toContainText(String(balance));
});
