// POST /api/providers/mail/{provider}/{token}/mime – the same webhook as the address without /mime.
// Mailgun's routes post the raw message (`body-mime`) only to a URL ending in "mime" (its "Receiving
// Messages via HTTP"), so a Mailgun mailbox's address is shown with this ending and takes its
// tracking webhooks and its route's forwards alike.
export { POST } from "../route";
