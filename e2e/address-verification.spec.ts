import { expect, test } from "./own-workspace";

// Address verification in the dashboard: a campaign's leads checked (throwaway addresses, which need
// no DNS), the badge with its reason on a tap, "Verify addresses" with its result, the Address filter,
// and the lead page's check, on a phone-wide screen too.
test.use({ ownLabel: "Vera" });

test("badges, Verify addresses, the Address filter and the lead page's check", async ({ page, request, own }) => {
  test.setTimeout(120_000);
  await own.signIn(page);
  const headers = { Authorization: `Bearer ${own.apiKey}` };
  const created = await request.post("/api/v1/campaigns", { headers, data: { name: "Throwaway check" } });
  expect(created.status()).toBe(201);
  const campaign = (await created.json()).data;
  const added = await request.post(`/api/v1/campaigns/${campaign.id}/leads`, {
    headers,
    data: { leads: [{ email: "temp@mailinator.com", firstName: "Tess" }, { email: "once@yopmail.com", firstName: "Otto" }] },
  });
  expect(added.status()).toBeLessThan(300);

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByTestId("lead-row")).toHaveCount(2);
  await page.getByRole("button", { name: "Verify addresses" }).click();
  await expect(page.getByTestId("verification-progress")).toHaveText("2 addresses checked: 0 valid, 2 risky, 0 invalid.");

  const tess = page.getByTestId("lead-row").filter({ hasText: "Tess" });
  const badge = tess.getByRole("button", { name: "Address: Risky" });
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(badge).toHaveAttribute("aria-expanded", "true");
  await expect(tess.getByTestId("verification-reason")).toHaveText("Mailinator.com gives out throwaway addresses.");

  await page.getByLabel("Address").selectOption("valid");
  await expect(page.getByText("No leads with a valid address.")).toBeVisible();
  await page.getByLabel("Address").selectOption("risky");
  await expect(page.getByTestId("lead-row")).toHaveCount(2);

  // A phone-wide screen: the badge is on the row, within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await tess.getByRole("button", { name: "Address: Risky" }).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);

  await tess.getByRole("link", { name: "Tess" }).click();
  const check = page.getByTestId("lead-verification");
  await expect(check).toContainText("Risky");
  await expect(check).toContainText("Mailinator.com gives out throwaway addresses. Checked");
  await check.getByRole("button", { name: "Check again" }).click();
  await expect(check.getByRole("button", { name: "Check again" })).toBeEnabled();
});
