import { expect, test } from "./own-workspace";

// The Content-Security-Policy must not break the dashboard: every main page renders with no
// violation reported (Next's inline scripts, React Flow's inline styles), and it forbids framing.
test("the dashboard renders under the Content-Security-Policy with no violation", async ({ page, request, own }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await own.signIn(page);
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
