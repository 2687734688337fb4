// The sandbox mail network living up to Herald's clock: each planned moment of each e-mail happens
// once, at its time. Opens load the e-mail's pixel and clicks follow its first tracked link, so
// Herald sees them through its tracking exactly as from a real mail app (and sees nothing when the
// e-mail is not tracked); replies, auto-replies, bounces and complaints arrive in the sending mailbox.
import type { SandboxEmail } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { sandboxReplyText } from "../../providers/mail/sandbox/mail-behaviour";
import { dueSandboxEmails, happen, pendingMoments, refreshNextAt, type SandboxMoment } from "../../providers/mail/sandbox/sandbox-mail-store";
import { firstTrackedLink, openPixelToken } from "../../domain/mail/tracking-in-email";
import { recordEmailClick } from "../campaigns/record-email-click";
import { recordEmailOpen } from "../campaigns/record-email-open";

const BATCH = 200;

/** The prospect loads the pixel (when there is one); returns whether Herald took it as the first open. */
export async function loadOpenPixel(row: Pick<SandboxEmail, "html">, at: Date): Promise<boolean> {
  const token = openPixelToken(row.html);
  return token ? recordEmailOpen(token, at) : false;
}

/** The prospect follows the first tracked link (when there is one); returns whether Herald took it as the first click. */
export async function followTrackedLink(row: Pick<SandboxEmail, "html" | "text">, at: Date): Promise<boolean> {
  const link = firstTrackedLink(row.html, row.text);
  return link ? recordEmailClick(link.token, link.url, at) : false;
}

async function play(row: SandboxEmail, moment: SandboxMoment, at: Date): Promise<boolean> {
  switch (moment) {
    case "open":
      // Tracking is idempotent (first open only), so seeing it before marking it is safe to repeat after a crash.
      await loadOpenPixel(row, at);
      return happen(row.id, moment, at);
    case "click":
      await followTrackedLink(row, at);
      return happen(row.id, moment, at);
    case "reply":
      return happen(row.id, moment, at, { kind: "reply", text: sandboxReplyText(row.messageId) });
    case "autoReply":
      return happen(row.id, moment, at, { kind: "auto-reply" });
    case "bounce":
      return happen(row.id, moment, at, { kind: "bounce" });
    case "complain":
      return happen(row.id, moment, at, { kind: "complaint" });
    case "unsubscribe":
      // Never planned: only a person on the Sandbox page unsubscribes.
      return false;
  }
}

/** Plays every planned moment due by now, each once, in time order per e-mail. Returns how many happened. */
export async function advanceSandboxMail(): Promise<{ moments: number }> {
  const current = now();
  let moments = 0;
  for (;;) {
    const due = await dueSandboxEmails(current, BATCH);
    for (const row of due) {
      const dueMoments = pendingMoments(row).filter(({ at }) => at <= current);
      // Nothing left to play, yet found due: its pointer is stale; set it right so the pass ends.
      if (!dueMoments.length) await refreshNextAt(row.id);
      for (const { moment, at } of dueMoments) {
        if (await play(row, moment, at)) moments += 1;
      }
    }
    if (due.length < BATCH) return { moments };
  }
}
