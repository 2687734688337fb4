// Builders for the rows tests need, through the same services the product uses where one exists.
import { db } from "../db/client";
import type { Actor, Role } from "../lib/actor";
import { createApiKey } from "../services/api-keys/create-api-key";
import { ZCreateApiKeyInput } from "../schemas/api-key";

let sequence = 0;

export async function createTestUser(overrides: { email?: string; name?: string; passwordHash?: string | null } = {}) {
  sequence += 1;
  return db.user.create({
    data: {
      email: overrides.email ?? `user${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: overrides.name ?? `User ${sequence}`,
      passwordHash: overrides.passwordHash ?? null,
    },
  });
}

/** A workspace with one member of the given role, and that member's actor. */
export async function createTestWorkspace(options: { role?: Role; name?: string; userId?: string; canManageBilling?: boolean } = {}) {
  const userId = options.userId ?? (await createTestUser()).id;
  const workspace = await db.workspace.create({ data: { name: options.name ?? "Test workspace" } });
  const role = options.role ?? "owner";
  await db.membership.create({
    data: { workspaceId: workspace.id, userId, role, canManageBilling: options.canManageBilling ?? role === "owner" },
  });
  const actor: Actor = { userId, workspaceId: workspace.id, role, canManageBilling: options.canManageBilling ?? role === "owner" };
  return { workspace, userId, actor };
}

export async function createTestApiKey(actor: Actor, name = "Test key") {
  return createApiKey(actor, ZCreateApiKeyInput.parse({ name }));
}

/** Outbox events of a workspace, oldest first: what webhooks would deliver. */
export async function outboxEvents(workspaceId: string, event?: string) {
  const { db: client } = await import("../db/client");
  const rows = await client.outboxEvent.findMany({ where: { workspaceId, event }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  // Tests read deep into event data; a loose type keeps them short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return rows.map((row) => ({ event: row.event, data: row.data as Record<string, any> }));
}

/**
 * Credits for a test workspace, as a purchase through the sandbox billing would add them (only an
 * instance administrator or the billing provider adds credits: server/services/credits).
 */
export async function addTestCredits(workspaceId: string, amount: number, reference = "test") {
  const { addAiCredits, grantSourceNames } = await import("../services/credits/add-ai-credits");
  return addAiCredits({ workspaceId, amount, source: "sandbox", grantedBy: grantSourceNames.sandbox, reference });
}

/** A user of the installation who is an instance administrator. */
export async function createTestInstanceAdmin(overrides: { email?: string; name?: string } = {}) {
  const user = await createTestUser(overrides);
  return db.user.update({ where: { id: user.id }, data: { instanceAdmin: true } });
}
