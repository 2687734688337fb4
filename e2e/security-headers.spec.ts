import { expect, test, type Page } from "@playwright/test";

// The Content-Security-Policy must not break the dashboard: every main page renders with no
// violation reported (Next's inline scripts, React Flow's inline styles), and it forbids framing.
test.describe.configure({ mode: "serial" });

const owner = { name: "Olivia Owner", email: "olivia@example.com", password: "a long enough password", workspace: "Acme Outreach" };

async function signIn(page: Page) {
  await page.goto("/");
  if (page.url().endsWith("/setup")) {
    await page.getByLabel("Your name").fill(owner.name);
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByLabel("Workspace name").fill(owner.workspace);
    await page.getByRole("button", { name: "Create account and workspace" }).click();
  } else {
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill(owner.email);
    await page.getByLabel("Password").fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page).toHaveURL(/\/campaigns$/);
}

test("the dashboard renders under the Content-Security-Policy with no violation", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await signIn(page);
  const created = await page.request.post("/api/trpc/campaigns.create", {
    data: { json: { name: "CSP check", sequence: { steps: [{ id: "visit", type: "visit_profile" }, { id: "invite", type: "invite", parent: "visit" }] } } },
  });
  expect(created.status()).toBe(200);
  const campaignId = (await created.json()).result.data.json.id as string;
  const pages = ["/campaigns", "/senders", "/settings", "/settings/api", "/api-reference", "/sandbox", `/campaigns/${campaignId}`, `/campaigns/${campaignId}/sequence`];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    await expect(page.locator("main"), path).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  // React Flow positions its nodes with inline styles: visible nodes mean the styles applied.
  await expect(page.locator(".react-flow__node").first()).toBeVisible();
  expect(await page.locator(".react-flow__node").count()).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: "test-results/csp-sequence-editor.png" });
  expect(violations).toEqual([]);

  const api = await request.get("/api/v1/openapi.json");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});
