// Request values whose behaviour Unipile's documentation does not settle. Each is kept in one
// function, so that when an operator verifies it with a live account (docs/unipile.md, "Verify with a
// live account") only that function changes. The other two such behaviours live beside their
// converters: checkpointPhone and profileIdentifier (mappers.ts).
import { LINKEDIN } from "./context";

/**
 * The checkpoint answer that asks LinkedIn for another verification method. Documented for moving
 * from in-app validation to a code; Herald also offers it for 2FA and OTP checkpoints.
 * Not settled by Unipile's documentation: verify with a live account (that 2FA and OTP take it too).
 */
export function tryAnotherWayCode(): string {
  return "TRY_ANOTHER_WAY";
}

/**
 * `providers` of a hosted sign-in link. Documented as the providers a `create` link offers; Herald
 * sends the same on a `reconnect` link, beside `reconnect_account`.
 * Not settled by Unipile's documentation: verify with a live account (that a reconnect link takes
 * `providers` rather than refusing it, and opens on the account's LinkedIn sign-in).
 */
export function hostedLinkProviders(): string[] {
  return [LINKEDIN];
}

/**
 * The request for one page of a people search: `account_id`, `limit` and `cursor` in the query
 * (documented), and the search URL in the body on every page, the first and the next alike.
 * Not settled by Unipile's documentation: verify with a live account (that a next page sent with the
 * URL again continues the same search rather than starting over, and that a cursor alone would too).
 */
export function searchPageRequest(input: { providerAccountId: string; searchUrl: string; cursor?: string | null; limit: number }): {
  query: { account_id: string; limit: number; cursor: string | undefined };
  json: { url: string };
} {
  return { query: { account_id: input.providerAccountId, limit: input.limit, cursor: input.cursor || undefined }, json: { url: input.searchUrl } };
}
