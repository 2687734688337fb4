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

  // The test is the log's one delivery, marked as a test.
  const logged = page.getByTestId("delivery-row");
  await expect(logged).toHaveCount(1);
  await expect(logged).toContainText("webhook.test");
  await expect(logged).toContainText("Test");
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

test("add the Sandbox's built-in receiver in one click, send a test, and see it arrive signed and in the deliveries log", async ({ page, own }) => {
  await own.signIn(page);
  await page.goto("/sandbox");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Webhook receiver" }) });
  await expect(card).toContainText("Nothing arrived yet.");
  await card.getByRole("button", { name: "Add as a webhook endpoint" }).click();
  await expect(card).toContainText("It is a webhook endpoint of this workspace");
  const receiverUrl = (await card.getByTestId("sandbox-receiver-url").textContent())!.trim();
  expect(receiverUrl).toMatch(/\/api\/sandbox\/webhook-receiver\/[\w-]+$/);

  await card.getByRole("link", { name: /Send a test from Settings/ }).click();
  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: receiverUrl });
  await endpoint.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByTestId("webhook-test-result")).toContainText("Delivered: HTTP 200");
  const logged = page.getByTestId("delivery-row").filter({ hasText: "webhook.test" });
  await expect(logged).toContainText("Test");
  await expect(logged).toContainText("delivered");

  await page.goto("/sandbox");
  const arrival = card.getByTestId("sandbox-webhook-arrival");
  await expect(arrival).toHaveCount(1);
  await expect(arrival).toContainText("webhook.test");
  await expect(arrival).toContainText("Signature valid");
  await arrival.locator("summary").click();
  await expect(arrival).toContainText("x-herald-delivery");
  await expect(arrival).toContainText('"event": "webhook.test"');
});
