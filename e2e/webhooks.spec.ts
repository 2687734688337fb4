import { expect, test } from "./own-workspace";

// Webhook endpoints in the dashboard, each test in a workspace of its own with a receiver of its own.

test("add a webhook endpoint with the event picker, reveal its secret, send a test, disable and enable it", async ({ page, own, webhookReceiver }) => {
  const { url: receiverUrl, received } = webhookReceiver;
  await own.signIn(page);
  await page.goto("/settings/api");

  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByLabel("Endpoint URL").fill(receiverUrl);
  await page.getByRole("button", { name: "Add endpoint" }).last().click();
  await expect(page.getByText("must name at least one event")).toBeVisible();
  await page.getByLabel(/^connection\.accepted/).check();
  await page.getByLabel(/^message\.received/).check();
  await page.getByRole("button", { name: "Add endpoint" }).last().click();

  const endpoint = page.getByTestId("webhook-endpoint");
  await expect(endpoint).toContainText(receiverUrl);
  await expect(endpoint).toContainText("2 events");
  await endpoint.getByRole("button", { name: "Reveal secret" }).click();
  const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
  expect(secret).toMatch(/^whsec_/);

  await endpoint.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByTestId("webhook-test-result")).toContainText("Delivered: HTTP 200");
  expect(received).toHaveLength(1);
  expect(received[0]!.headers["x-herald-event"]).toBe("webhook.test");

  await endpoint.getByRole("button", { name: "Disable" }).click();
  await expect(endpoint).toContainText("Disabled");
  await expect(endpoint).toContainText("Disabled by a user");
  await endpoint.getByRole("button", { name: "Enable" }).click();
  await expect(endpoint).toContainText("Enabled");

  await expect(page.getByText("No deliveries yet.")).toBeVisible();
  await page.getByRole("link", { name: "Background jobs" }).click();
  await expect(page.getByRole("heading", { name: "Background jobs" })).toBeVisible();
});

test("an endpoint whose host does not resolve yet is added with a warning that says deliveries check it again", async ({ page, own }) => {
  await own.signIn(page);
  await page.goto("/settings/api");

  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByLabel("Endpoint URL").fill("https://hooks.herald-test.invalid/events");
  await page.getByLabel(/^lead\.imported/).check();
  await page.getByRole("button", { name: "Add endpoint" }).last().click();

  await expect(page.getByTestId("webhook-warnings")).toHaveText(
    "Endpoint added. The host hooks.herald-test.invalid does not resolve right now. The endpoint is saved; each delivery looks the host up again and fails until it resolves.",
  );
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: "hooks.herald-test.invalid" })).toContainText("Enabled");
});
