import { expect, test } from "./own-workspace";

// The catch-all probe's setting on a phone-wide screen: off at first, its words name the probe's
// sender address and say that no mailbox is used, ticking it saves it; then a sandbox domain with the
// word "catchall" reads risky (the sandbox never probes: the word decides).
test.use({ ownLabel: "Cato" });

test("the catch-all probe is switched on in Settings and a sandbox catch-all domain reads risky", async ({ page, request, own }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await own.signIn(page);
  const headers = { Authorization: `Bearer ${own.apiKey}` };
  const check = async () => (await request.post("/api/v1/verification", { headers, data: { email: "ada@catchall-shop.example" } })).json();

  expect((await check()).data.status).toBe("valid");

  await page.goto("/settings");
  const box = page.getByRole("checkbox", { name: /Find catch-all domains/ });
  await expect(box).not.toBeChecked();
  await expect(page.getByText(/from this server, as verify@[^\s,]+, and asks whether it would accept a made-up address; it never uses your mailboxes/)).toBeVisible();
  await box.check();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(box).toBeChecked();
  const sizes = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);

  expect((await (await request.get("/api/v1/workspace", { headers })).json()).data.settings.catchAllProbe).toBe(true);
  // The earlier result was valid and fresh: check a new address at the same domain.
  const result = (await (await request.post("/api/v1/verification", { headers, data: { email: "grace@catchall-shop.example" } })).json()).data;
  expect(result).toMatchObject({ status: "risky", check: "catch-all", reason: "catchall-shop.example accepts mail for any address, so this one cannot be confirmed" });
});
