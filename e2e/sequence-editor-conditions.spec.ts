import type { Page } from "@playwright/test";
import { expect, test } from "./own-workspace";

// The conditions on what Herald knows of the lead, in the sequence editor: a sequence across both
// channels that e-mails leads with an address and, for the others, looks at a custom variable.

const stepNode = (page: Page, name: RegExp) => page.getByRole("button", { name });

test("branch on the lead's address and a custom variable; the variable is asked for; saved and shown again after a reload", async ({ page, own }) => {
  const created = await own.api.post("/campaigns", { name: "Across channels" });
  expect(created.status()).toBe(201);
  const campaignId = (await created.json()).data.id as string;
  await own.signIn(page);
  await page.goto(`/campaigns/${campaignId}/sequence`);
  await expect(page.getByText("This sequence has no steps yet")).toBeVisible();

  await page.getByRole("button", { name: "Add the first step" }).click();
  const menu = page.getByTestId("add-step-menu");
  await expect(menu.getByText("Branch on whether the lead has an e-mail address")).toBeVisible();
  await menu.getByRole("button", { name: "If has e-mail address", exact: true }).click();
  await expect(stepNode(page, /^Step 1: If has e-mail address/)).toContainText("Checks whether the lead has an e-mail address");

  // Leads with an address get an e-mail.
  await stepNode(page, /^Add a step after Has an address/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "E-mail", exact: true }).click();
  await page.getByLabel("Subject", { exact: true }).fill("A quick question, {{firstName|there}}");
  await page.getByLabel("Body", { exact: true }).fill("Do you have a minute this week?");

  // The others: whether a phone number was imported with them.
  await stepNode(page, /^Add a step after No address/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "If variable is set", exact: true }).click();
  const check = stepNode(page, /^Step 3: If variable is set/);
  await expect(check).toContainText("No variable chosen yet");
  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByText("is required: the name of the custom variable to look at")).toBeVisible();
  await page.getByLabel("Custom variable").fill("phone");
  await expect(check).toContainText("Checks whether {{phone}} has a value");
  await stepNode(page, /^Add a step after Set/).click();
  await page.getByTestId("add-step-menu").getByRole("button", { name: "Visit profile", exact: true }).click();

  await page.getByRole("button", { name: "Save sequence" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
  const saved = await own.api.get(`/campaigns/${campaignId}`);
  const steps = (await saved.json()).data.sequence.steps as Array<{ id: string; type: string; parent: string | null; branch: string | null; config: Record<string, unknown> }>;
  const byType = Object.fromEntries(steps.map((step) => [step.type, step]));
  expect(steps.map((step) => step.type).sort()).toEqual(["email", "if_has_email", "if_has_variable", "visit_profile"]);
  expect(byType.email).toMatchObject({ parent: byType.if_has_email!.id, branch: "yes" });
  expect(byType.if_has_variable).toMatchObject({ parent: byType.if_has_email!.id, branch: "no", config: { variable: "phone" } });
  expect(byType.visit_profile).toMatchObject({ parent: byType.if_has_variable!.id, branch: "yes" });

  await page.reload();
  await expect(stepNode(page, /^Step 3: If variable is set/)).toContainText("Checks whether {{phone}} has a value");
  await expect(page.getByTestId("edge-label").filter({ hasText: "No address" })).toHaveCount(1);
  await expect(page.getByTestId("save-state")).toHaveText("No changes");
});
