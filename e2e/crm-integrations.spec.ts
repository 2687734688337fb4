import { freePort } from "../server/test/mail-servers";
import { FAKE_HUBSPOT_CLIENT_ID, FAKE_HUBSPOT_CLIENT_SECRET } from "../server/test/fakes/hubspot-fake-oauth";
import { startHubspotFake, type HubspotFake } from "../server/test/fakes/hubspot-fake";
import { startHerald, type StartedHerald } from "./herald-server.mjs";
import { expect, expectContentFits, test, uniqueTag } from "./own-workspace";

// Settings → Integrations with a HubSpot stand-in (real HTTP on loopback, HubSpot's shapes) and a
// Herald of the test's own pointed at it: the cards say what is and is not set up, Connect goes
// through HubSpot's approval and back, the connected panel edits the mapping and exclusions, and
// "Sync now" turns a HubSpot customer into a do-not-contact entry, written in the sync log.
const owner = { name: "Cora Crm", email: "cora@crm-e2e.example", password: "a long enough password", workspace: "CRM co" };

let hubspot: HubspotFake;
let herald: StartedHerald;

test.beforeAll(async () => {
  hubspot = await startHubspotFake();
  const port = await freePort();
  herald = await startHerald({
    port,
    database: `herald_e2e_crm_${uniqueTag()}`,
    quiet: process.env.CRM_E2E_VERBOSE !== "1",
    env: {
      HERALD_URL: `http://localhost:${port}`,
      HERALD_HUBSPOT_CLIENT_ID: FAKE_HUBSPOT_CLIENT_ID,
      HERALD_HUBSPOT_CLIENT_SECRET: FAKE_HUBSPOT_CLIENT_SECRET,
      HERALD_HUBSPOT_AUTHORIZE_URL: `${hubspot.url}/oauth/authorize`,
      HERALD_HUBSPOT_TOKEN_URL: `${hubspot.url}/oauth/v1/token`,
      HERALD_HUBSPOT_API_URL: hubspot.url,
    },
  });
});

test.afterAll(async () => {
  await herald?.stop();
  await hubspot?.close();
});

test("connect HubSpot, choose exclusions, Sync now: a HubSpot customer lands on the do-not-contact list", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: herald.url });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Your name").fill(owner.name);
  await page.getByLabel("E-mail").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Workspace name").fill(owner.workspace);
  await page.getByRole("button", { name: "Create account and workspace" }).click();
  await expect(page).toHaveURL(/\/analytics$/);

  await page.goto("/settings");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Integrations" }).click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByTestId("crm-card-pipedrive")).toContainText("HERALD_PIPEDRIVE_CLIENT_ID and HERALD_PIPEDRIVE_CLIENT_SECRET");
  await expect(page.getByTestId("crm-card-salesforce")).toContainText("docs/crm-sync.md");

  const customer = hubspot.addContact({ email: "buyer@customer.example", firstname: "Bea" });
  hubspot.setLifecycleStage(customer, "customer");

  // Connect sets the browser's Connect cookie; HubSpot's answer comes back to this browser, signed in.
  let authorizeUrl = "";
  page.on("request", (request) => {
    if (request.url().startsWith(`${hubspot.url}/oauth/authorize`)) authorizeUrl = request.url();
  });
  await page.getByRole("button", { name: "Connect HubSpot" }).click();
  await expect(page).toHaveURL(/\/settings\/integrations\?outcome=connected&crm=hubspot$/);
  await expect(page.getByRole("status").filter({ hasText: "Connected HubSpot." })).toBeVisible();
  // The same approval opened by someone else (another browser, no Connect cookie) is refused.
  const stranger = await browser.newContext({ baseURL: herald.url });
  const approved = await stranger.request.get(authorizeUrl, { maxRedirects: 0 });
  const elsewhere = await stranger.request.get(approved.headers()["location"]!, { maxRedirects: 0 });
  expect(new URL(elsewhere.headers()["location"]!).searchParams.get("outcome")).toBe("refused");
  await stranger.close();
  const card = page.getByTestId("crm-card-hubspot");
  await expect(card).toContainText("Connected");
  await expect(card).toContainText(hubspot.hubDomain);

  // The connected panel: the mapping from HubSpot's own properties, and the exclusion rules.
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("email");
  // The rule is saved as it is clicked; the box shows what was saved.
  await page.getByRole("checkbox", { name: /^Customers/ }).click();
  await expect(page.getByRole("checkbox", { name: /^Customers/ })).toBeChecked();

  await card.getByRole("button", { name: "Sync now" }).click();
  await expect(card.getByText("HubSpot sync started; the log shows what it did.")).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Pulled: 1 person added to the do-not-contact list.")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });

  await page.goto("/settings/do-not-contact");
  await expect(page.getByText("buyer@customer.example")).toBeVisible();

  // On a phone, the Integrations page fits its width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings/integrations");
  await expect(page.getByTestId("crm-card-hubspot")).toBeVisible();
  await expectContentFits(page);
  await context.close();
});
