import { expect, test } from "./own-workspace";

// A sender's voice for AI voice notes: picked in its settings after listening to a sample, which
// plays from a signed file address, and kept after a reload.

test("pick a sender's voice after playing a sample", async ({ page, own }) => {
  const suffix = Math.random().toString(36).slice(2, 7).replace(/^\d/, "q");
  const email = `vera.${suffix}@example.com`;
  const fullName = `Vera ${suffix[0]!.toUpperCase()}${suffix.slice(1)}`;
  await own.signIn(page);
  await page.goto("/senders");
  await page.getByRole("button", { name: "Connect a sender" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail or phone").fill(email);
  await dialog.getByRole("textbox", { name: "Password", exact: true }).fill("any password will do");
  await dialog.getByRole("button", { name: "Sign in to LinkedIn" }).click();
  await expect(dialog.getByTestId("connect-success")).toContainText(`${fullName} is connected`);
  await dialog.getByRole("button", { name: "Done" }).click();
  await page.getByTestId("sender-row").filter({ hasText: fullName }).getByRole("link", { name: fullName, exact: true }).click();
  await expect(page.getByRole("heading", { name: fullName, level: 1 })).toBeVisible();

  const voice = page.getByLabel("Voice for AI voice notes");
  await expect(voice).toBeEnabled();
  await expect(voice.locator("option:checked")).toHaveText("Default voice (English (US), male)");
  await voice.selectOption({ label: "English (UK), female" });

  // The sample is spoken on the server and fetched by the browser at its signed address.
  const audio = page.waitForResponse((response) => response.url().includes("/api/files/voice-samples/"));
  await page.getByRole("button", { name: "Play sample" }).click();
  const served = await audio;
  expect([200, 206]).toContain(served.status());
  expect(served.headers()["content-type"]).toBe("audio/wav");
  expect(served.url()).toMatch(/[?&]signature=/);

  await page.getByLabel("Voice for AI voice notes").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/sender-voice.png" });
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Voice for AI voice notes").locator("option:checked")).toHaveText("English (UK), female");
});
