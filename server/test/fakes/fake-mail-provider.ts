// A mail provider that answers as a test tells it to, for the parts of Herald that only need the
// provider's verdict (connecting, marking errors), not a mail server. Records every check it made.
import type { MailboxHandle, MailProvider, MailProviderName } from "../../providers/mail/types";

export interface FakeMailProvider extends MailProvider {
  verified: MailboxHandle[];
}

export function fakeMailProvider(name: MailProviderName, options: { verify?: (mailbox: MailboxHandle) => Promise<void> } = {}): FakeMailProvider {
  const verified: MailboxHandle[] = [];
  return {
    name,
    verified,
    async verify(mailbox) {
      verified.push(mailbox);
      await options.verify?.(mailbox);
    },
    send: () => Promise.reject(new Error("The fake mail provider does not send")),
    findSent: () => Promise.resolve(null),
    fetchIncoming: () => Promise.resolve({ messages: [], cursor: null }),
  };
}
