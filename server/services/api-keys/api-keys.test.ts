import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { sha256Hex } from "../../lib/crypto";
import { createTestWorkspace } from "../../test/factories";
import { authenticateApiKey } from "./authenticate-api-key";
import { createApiKey } from "./create-api-key";
import { listApiKeys } from "./list-api-keys";
import { revokeApiKey } from "./revoke-api-key";
import { fieldIssues } from "../../lib/zod-issues";
import { ZCreateApiKeyInput } from "../../schemas/api-key";

describe("API keys", () => {
  it("stores only the hash and a visible prefix, and shows the key once", async () => {
    const { actor } = await createTestWorkspace();
    const { key, apiKey } = await createApiKey(actor, ZCreateApiKeyInput.parse({ name: "CRM sync" }));
    expect(key).toMatch(/^hk_[A-Za-z0-9_-]{40}$/);
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } });
    expect(row.hashedKey).toBe(sha256Hex(key));
    expect(JSON.stringify(row)).not.toContain(key);
    const listed = await listApiKeys(actor);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(listed[0]).toMatchObject({ name: "CRM sync", prefix: apiKey.prefix, lastUsedAt: null });
  });

  it("lets members revoke only their own keys, admins any key of the workspace", async () => {
    const owner = await createTestWorkspace();
    const member = await createTestWorkspace({ role: "member" });
    await db.membership.create({ data: { workspaceId: owner.workspace.id, userId: member.userId, role: "member" } });
    const memberInOwnerWorkspace = { ...member.actor, workspaceId: owner.workspace.id };
    const ownersKey = await createApiKey(owner.actor, ZCreateApiKeyInput.parse({ name: "owner's" }));
    const membersKey = await createApiKey(memberInOwnerWorkspace, ZCreateApiKeyInput.parse({ name: "member's" }));

    await expect(revokeApiKey(memberInOwnerWorkspace, ownersKey.apiKey.id)).rejects.toMatchObject({ status: 403 });
    await revokeApiKey(memberInOwnerWorkspace, membersKey.apiKey.id);
    await revokeApiKey(owner.actor, ownersKey.apiKey.id);
    await expect(authenticateApiKey(`Bearer ${ownersKey.key}`, "192.0.2.10")).rejects.toMatchObject({ status: 401 });

    const stranger = await createTestWorkspace();
    await expect(revokeApiKey(stranger.actor, membersKey.apiKey.id)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a blank name at the edge (the schema REST and tRPC parse with), naming the field", () => {
    const result = ZCreateApiKeyInput.safeParse({ name: "   " });
    expect(result.error && fieldIssues(result.error)).toEqual([expect.objectContaining({ field: "name" })]);
  });
});
