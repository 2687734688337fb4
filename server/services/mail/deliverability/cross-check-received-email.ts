// Herald's own check of the message the seed received (mailauth on the raw message, with the
// sending IP from the receiver's Received header), to show whether it agrees with the receiver.
import { authenticate } from "mailauth";
import { createDnsResolver } from "../../../providers/dns";
import type { ReceiverVerdicts } from "../../../domain/mail/authentication-results";

export interface CrossCheck {
  spf: string | null;
  dkim: string | null;
  dmarc: string | null;
  agrees: boolean;
}

export async function crossCheckReceivedEmail(input: { raw: string; ip: string | null; helo: string | null; sender: string; domain: string; receiver: ReceiverVerdicts | null }): Promise<CrossCheck> {
  const result = await authenticate(input.raw, {
    ip: input.ip ?? undefined,
    helo: input.helo ?? undefined,
    sender: input.sender,
    mta: "herald-deliverability-test",
    resolver: createDnsResolver() as (name: string, rrtype: string) => Promise<string[][] | string[]>,
    disableArc: true,
    disableBimi: true,
  });
  const signatures = result.dkim?.results ?? [];
  const own = signatures.find((entry) => entry.signingDomain?.toLowerCase() === input.domain) ?? signatures[0];
  const check = {
    // Without the sending IP there is nothing to check SPF against.
    spf: input.ip && result.spf ? result.spf.status.result : null,
    dkim: own ? own.status.result : "none",
    dmarc: result.dmarc ? result.dmarc.status.result : null,
  };
  const receiver = input.receiver;
  const agrees = Boolean(receiver) && (check.spf === null || check.spf === receiver!.spf) && check.dkim === (receiver!.dkim.result ?? "none") && (check.dmarc === null || check.dmarc === receiver!.dmarc);
  return { ...check, agrees };
}
