import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { decryptSecret } from "../../../lib/encryption";
import { verifyHeraldSignature } from "../webhook-signature";
import { sandboxReceiverUrl } from "./receiver-address";

/** Arrivals kept per workspace: the receiver is for trying webhooks, not a log. */
export const SANDBOX_ARRIVALS_KEPT = 50;
/** Bytes of a body kept (Herald's events are far smaller; a foreign sender's may not be). */
export const SANDBOX_ARRIVAL_BODY_BYTES = 64 * 1024;
/** Never kept: credentials a sender other than Herald may have sent along. */
const DROPPED_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

/**
 * Records a request the workspace's built-in receiver took in, with whether X-Herald-Signature
 * verifies against the secret of one of the workspace's endpoints pointing at the receiver, and
 * keeps the newest SANDBOX_ARRIVALS_KEPT. False when no receiver has the token.
 */
export async function recordSandboxWebhookArrival(input: { token: string; headers: Record<string, string>; body: string }): Promise<boolean> {
  const receiver = await db.sandboxWebhookReceiver.findUnique({ where: { token: input.token } });
  if (!receiver) return false;
  const endpoints = await db.webhookEndpoint.findMany({
    where: { workspaceId: receiver.workspaceId, url: sandboxReceiverUrl(receiver.token) },
    select: { id: true, secretEncrypted: true },
  });
  const headers = Object.fromEntries(
    Object.entries(input.headers)
      .map(([name, value]) => [name.toLowerCase(), value] as const)
      .filter(([name]) => !DROPPED_HEADERS.has(name)),
  );
  const body = Buffer.from(input.body).subarray(0, SANDBOX_ARRIVAL_BODY_BYTES).toString("utf8");
  const signer = endpoints.find((endpoint) =>
    verifyHeraldSignature({ secret: decryptSecret(endpoint.secretEncrypted), body: input.body, signature: headers["x-herald-signature"] }),
  );
  await db.$transaction([
    db.sandboxWebhookArrival.create({
      data: { workspaceId: receiver.workspaceId, receivedAt: now(), headers, body, webhookId: signer?.id ?? null, signatureValid: Boolean(signer) },
    }),
    db.$executeRaw`
      DELETE FROM "SandboxWebhookArrival" WHERE "workspaceId" = ${receiver.workspaceId} AND "id" NOT IN (
        SELECT "id" FROM "SandboxWebhookArrival" WHERE "workspaceId" = ${receiver.workspaceId}
        ORDER BY "receivedAt" DESC, "id" DESC LIMIT ${SANDBOX_ARRIVALS_KEPT}
      )`,
  ]);
  return true;
}
