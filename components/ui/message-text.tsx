// A sent message's text as the inbox and the lead timeline show it: an e-mail's unsubscribe link,
// whose address is some 300 characters of signed token, reads as a short label instead
// (server/domain/mail/unsubscribe-link.ts); everything else is shown as it was sent.
import { Fragment } from "react";
import { splitUnsubscribeLinks } from "@/server/domain/mail/unsubscribe-link";

/** The host a link points at (Herald's, or the mailbox's tracking domain). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "Herald";
  }
}

export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitUnsubscribeLinks(text).map((piece, index) =>
        piece.kind === "text" ? (
          <Fragment key={index}>{piece.text}</Fragment>
        ) : (
          <span key={index} className="rounded bg-black/5 px-1 text-xs opacity-80" title={`The lead's unsubscribe link, on ${hostOf(piece.url)} (its full address went out in the e-mail)`} data-testid="unsubscribe-link-label">
            unsubscribe link
          </span>
        ),
      )}
    </>
  );
}
