// Connecting senders through Unipile: sign-in by password or li_at cookie, checkpoints, hosted
// sign-in links, reconnection, account state and removal.
import {
  LinkedinProviderError,
  type ConnectResult,
  type CookieSignIn,
  type LinkedinProvider,
  type PasswordSignIn,
  type ProviderCheckpoint,
  type SenderIdentity,
} from "../types";
import { LINKEDIN, segment, sleep, type UnipileContext } from "./context";
import type { ErrorOverrides } from "./errors";
import { accountState, checkpointPhone, providerCheckpoint, senderIdentity, unipileProxy } from "./mappers";
import { hostedLinkProviders, tryAnotherWayCode } from "./unsettled";
import { ZUnipileAccount, ZUnipileConnectAnswer, ZUnipileHostedLink, ZUnipileOwnProfile, parseAnswer } from "./schemas";

type AccountOperations = Pick<
  LinkedinProvider,
  | "connectWithPassword"
  | "connectWithCookie"
  | "solveCheckpoint"
  | "checkCheckpoint"
  | "resendCheckpoint"
  | "tryAnotherWay"
  | "createHostedAuthLink"
  | "reconnectWithCookie"
  | "reconnectWithPassword"
  | "getAccountState"
  | "disconnect"
>;

/** With a cookie there is no password to be wrong: a rejected li_at is a dead session. */
const COOKIE_REJECTED: ErrorOverrides = {
  "errors/invalid_credentials": "invalid-session",
  "errors/wrong_account": "invalid-session",
};

function networkFields(input: { proxy?: { url: string }; country?: string }): Record<string, unknown> {
  // country only picks the location of Unipile's own proxy; with a proxy of ours it has no use.
  if (input.proxy) return { proxy: unipileProxy(input.proxy.url) };
  return input.country ? { country: input.country.toUpperCase() } : {};
}

function passwordBody(input: PasswordSignIn): Record<string, unknown> {
  return { provider: LINKEDIN, username: input.username, password: input.password, ...networkFields(input) };
}

function cookieBody(input: CookieSignIn): Record<string, unknown> {
  return { provider: LINKEDIN, access_token: input.liAt, user_agent: input.userAgent, ...networkFields(input) };
}

export function accountOperations(context: UnipileContext): AccountOperations {
  const { client, checkpoints } = context;

  /**
   * The new sender's identity. Unipile says a just-created account can take a few seconds before
   * it answers requests, so retryable failures are tried again before giving up; giving up leaves
   * the account connected at Unipile, which checkCheckpoint then completes.
   */
  async function readIdentity(accountId: string): Promise<SenderIdentity> {
    const delays = [...context.identityRetryDelaysMs];
    for (;;) {
      try {
        const { body } = await client.request({ method: "GET", path: "/api/v1/users/me", query: { account_id: accountId }, kind: "sign-in" });
        return senderIdentity(accountId, parseAnswer(ZUnipileOwnProfile, body, "GET /api/v1/users/me", "sign-in"));
      } catch (error) {
        const delay = delays.shift();
        if (error instanceof LinkedinProviderError && error.retryable && delay !== undefined) {
          await sleep(delay);
          continue;
        }
        const reason = error instanceof Error ? error.message : String(error);
        throw new LinkedinProviderError(
          "connection-failed",
          `LinkedIn accepted the sign-in (Unipile account ${accountId}) but the sender's profile could not be read: ${reason}. checkCheckpoint("${accountId}") finishes it.`,
          { retryable: true, cause: error },
        );
      }
    }
  }

  /** Turns Unipile's connect/checkpoint answer (201 account, 202 checkpoint) into a ConnectResult. */
  async function settle(body: unknown, what: string): Promise<ConnectResult> {
    const answer = parseAnswer(ZUnipileConnectAnswer, body, what, "sign-in");
    if (answer.object === "Checkpoint") {
      const checkpoint = providerCheckpoint(answer.checkpoint);
      await checkpoints.remember(answer.account_id, checkpoint);
      return { status: "checkpoint", providerAccountId: answer.account_id, checkpoint };
    }
    await checkpoints.forget(answer.account_id);
    return { status: "connected", identity: await readIdentity(answer.account_id) };
  }

  async function connect(json: Record<string, unknown>, overrides?: ErrorOverrides): Promise<ConnectResult> {
    const { body } = await client.request({ method: "POST", path: "/api/v1/accounts", json, kind: "sign-in", overrides });
    return settle(body, "POST /api/v1/accounts");
  }

  async function reconnect(providerAccountId: string, json: Record<string, unknown>, overrides?: ErrorOverrides): Promise<ConnectResult> {
    const path = `/api/v1/accounts/${segment(providerAccountId)}`;
    const { body } = await client.request({ method: "POST", path, json, kind: "sign-in", overrides });
    return settle(body, `POST ${path}`);
  }

  async function answerCheckpoint(providerAccountId: string, code: string): Promise<unknown> {
    const json = { account_id: providerAccountId, provider: LINKEDIN, code };
    const { body } = await client.request({ method: "POST", path: "/api/v1/accounts/checkpoint", json, kind: "sign-in" });
    return body;
  }

  function noPendingCheckpoint(providerAccountId: string): LinkedinProviderError {
    return new LinkedinProviderError(
      "checkpoint-expired",
      `No verification is pending for Unipile account ${providerAccountId} (it expired after five minutes, or was raised in another Herald process); start the connection again`,
    );
  }

  async function pendingCheckpoint(providerAccountId: string): Promise<ProviderCheckpoint> {
    const checkpoint = await checkpoints.recall(providerAccountId);
    if (checkpoint) return checkpoint;
    throw noPendingCheckpoint(providerAccountId);
  }

  /** Source statuses, or null when Unipile does not know the account. */
  async function sourceStatuses(providerAccountId: string, kind: "sign-in" | "action"): Promise<string[] | null> {
    const path = `/api/v1/accounts/${segment(providerAccountId)}`;
    const { status, body } = await client.request({ method: "GET", path, kind, accept: [404] });
    if (status === 404) return null;
    const account = parseAnswer(ZUnipileAccount, body, `GET ${path}`, kind);
    return (account.sources ?? []).map((source) => source.status);
  }

  return {
    connectWithPassword: async (input) => connect(passwordBody(input)),
    connectWithCookie: async (input) => connect(cookieBody(input), COOKIE_REJECTED),
    reconnectWithPassword: async (providerAccountId, input) => reconnect(providerAccountId, passwordBody(input)),
    reconnectWithCookie: async (providerAccountId, input) => reconnect(providerAccountId, cookieBody(input), COOKIE_REJECTED),

    async solveCheckpoint(providerAccountId, answer) {
      const code = answer.code?.trim() || (answer.phone ? checkpointPhone(answer.phone) : "");
      if (!code) throw new LinkedinProviderError("verification-failed", "The checkpoint answer needs a code or a phone number");
      return settle(await answerCheckpoint(providerAccountId, code), "POST /api/v1/accounts/checkpoint");
    },

    async checkCheckpoint(providerAccountId) {
      const statuses = await sourceStatuses(providerAccountId, "sign-in");
      // CONNECTING counts as "ok" for a running sender, but here only a started session is done.
      if (statuses && statuses.length > 0 && statuses.every((status) => status === "OK")) {
        await checkpoints.forget(providerAccountId);
        return { status: "connected", identity: await readIdentity(providerAccountId) };
      }
      const remembered = await checkpoints.recall(providerAccountId);
      if (remembered) return { status: "checkpoint", providerAccountId, checkpoint: remembered };
      if (statuses && statuses.length > 0 && accountState(statuses) === "ok") {
        // Verified, and Unipile is still starting the session (CONNECTING): done in a moment.
        throw new LinkedinProviderError("provider-timeout", `Unipile is still starting the session of account ${providerAccountId}; check again shortly`);
      }
      throw noPendingCheckpoint(providerAccountId);
    },

    async resendCheckpoint(providerAccountId) {
      const checkpoint = await pendingCheckpoint(providerAccountId);
      if (!checkpoint.canResend) {
        throw new LinkedinProviderError("verification-failed", `A ${checkpoint.type} verification cannot be sent again`);
      }
      const json = { account_id: providerAccountId, provider: LINKEDIN };
      await client.request({ method: "POST", path: "/api/v1/accounts/checkpoint/resend", json, kind: "sign-in" });
      return checkpoint;
    },

    async tryAnotherWay(providerAccountId) {
      const result = await settle(await answerCheckpoint(providerAccountId, tryAnotherWayCode()), "POST /api/v1/accounts/checkpoint");
      if (result.status === "checkpoint") return result.checkpoint;
      throw new LinkedinProviderError(
        "verification-failed",
        `LinkedIn completed the sign-in instead of offering another verification; checkCheckpoint("${providerAccountId}") returns the sender`,
      );
    },

    async createHostedAuthLink(request) {
      if (request.kind === "reconnect" && !request.reconnectProviderAccountId) {
        throw new LinkedinProviderError("connection-failed", "reconnectProviderAccountId is required for a reconnect link");
      }
      const json = {
        type: request.kind,
        providers: hostedLinkProviders(),
        api_url: client.baseUrl,
        expiresOn: request.expiresAt.toISOString(),
        // Unipile echoes name in its notify_url callback: it is how Herald finds its link again.
        name: request.linkId,
        notify_url: request.notifyUrl,
        success_redirect_url: request.successUrl,
        failure_redirect_url: request.failureUrl,
        ...(request.kind === "reconnect" ? { reconnect_account: request.reconnectProviderAccountId } : {}),
      };
      const { body } = await client.request({ method: "POST", path: "/api/v1/hosted/accounts/link", json, kind: "sign-in" });
      return { url: parseAnswer(ZUnipileHostedLink, body, "POST /api/v1/hosted/accounts/link", "sign-in").url };
    },

    async getAccountState(providerAccountId) {
      const statuses = await sourceStatuses(providerAccountId, "action");
      if (statuses === null) return "disconnected";
      const state = accountState(statuses);
      if (state !== "ok" && (await checkpoints.recall(providerAccountId))) return "checkpoint";
      return state;
    },

    async disconnect(providerAccountId) {
      // Already gone at Unipile is what disconnecting wants, so 404 is success.
      await client.request({ method: "DELETE", path: `/api/v1/accounts/${segment(providerAccountId)}`, kind: "action", accept: [404] });
      await checkpoints.forget(providerAccountId);
    },
  };
}
