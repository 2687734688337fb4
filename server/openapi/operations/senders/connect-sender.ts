import { ZConnectSenderInput, ZConnectSenderResult } from "../../../schemas/sender";
import { defineOperation } from "../../../http/api-operation";
import { CONNECT_ERRORS_NOTE, CONNECT_FAILURE_NOTE, SIGN_IN_ERRORS } from "./shared";

export const connectSenderOperation = defineOperation({
  operationId: "connectSender",
  method: "post",
  path: "/accounts",
  summary: "Connect a LinkedIn sender",
  description: [
    "Signs in by `username` and `password`, or by session cookie (`liAt` with the browser's `userAgent`; `connectionMethod` is then `cookie` and the sender never reconnects on its own). `proxy` (`http://user:password@host:port`) and `country` are optional. The sender joins the effective workspace (`X-Herald-Workspace`) and takes a seat. Credentials, cookies and 2FA keys are stored encrypted and never returned.",
    "Without `totpSecret` the connect is interactive: a verification step answers 200 with `status: checkpoint_required` and the `checkpoint`, to be answered within five minutes at `/accounts/{id}/checkpoint`; account.checkpoint_required is sent at once. IN_APP_VALIDATION (approved in the LinkedIn app) and CAPTCHA (solved on LinkedIn's page) clear in the background once the person completes them: the sender connects on its own and account.connected and account.status_changed are sent, without polling GET /accounts/{id}/checkpoint. With `totpSecret` the 2FA challenge is solved with authenticator codes and any other outcome is a 400 with account.connection_failed.",
    CONNECT_ERRORS_NOTE,
    CONNECT_FAILURE_NOTE,
  ].join("\n\n"),
  tags: ["Senders"],
  body: ZConnectSenderInput,
  response: ZConnectSenderResult,
  errors: [...SIGN_IN_ERRORS, "invalid-totp-secret", "already-connected", "no-plan", "seat-limit-reached"],
  statusException: {
    // Automatic login answers every sign-in failure with 400, retryable ones included (spec rule 5).
    codes: SIGN_IN_ERRORS,
    status: 400,
    applies: (body) => body.totpSecret !== undefined,
  },
  acceptsWorkspaceHeader: true,
});
