// Where an e-mail API mailbox's provider sends bounces, complaints and replies: the address to paste
// and, per provider, where (docs/email-api-providers.md has the full set-up).
import { Card } from "@/components/ui/card";
import type { TMailbox } from "@/server/schemas/mailbox";

const STEPS: Record<string, string[]> = {
  ses: [
    "In Amazon SNS, create a topic and an HTTPS subscription to this address: Herald confirms it by itself.",
    "In Amazon SES, give your configuration set an event destination on that topic for bounces, complaints and deliveries, and name the configuration set here.",
    "For replies, add an SES receipt rule for this address with an SNS action on the same topic (or connect the mailbox again with its IMAP server).",
  ],
  postmark: [
    "In Postmark, under your server's Webhooks, add this address with basic auth: user name herald (any), password the webhook password you chose when connecting.",
    "Tick Bounce, Spam Complaint and Subscription Change.",
    "For replies, set the same address (with the same user name and password) as your inbound stream's webhook URL.",
  ],
  sendgrid: ["In SendGrid, under Settings → Mail Settings → Event Webhook, post to this address with Signature Verification on.", "For replies, add this address under Inbound Parse."],
  mailgun: ["In Mailgun, under Sending → Webhooks, add this address for permanent and temporary failures and complaints.", "For replies, add a route that forwards to this address."],
};

/** With Postmark the password goes into the address itself, as Postmark's basic auth expects. */
function shownAddress(mailbox: TMailbox): string {
  const url = mailbox.webhookUrl ?? "";
  return mailbox.provider === "postmark" ? url.replace("://", "://herald:YOUR-WEBHOOK-PASSWORD@") : url;
}

export function ProviderWebhookCard({ mailbox }: { mailbox: TMailbox }) {
  if (!mailbox.webhookUrl) return null;
  return (
    <Card title="Provider webhook" description="Bounces, spam complaints and replies come back to Herald through this address. Keep it private.">
      <p className="break-all rounded-md bg-slate-50 p-2 font-mono text-xs text-slate-800 ring-1 ring-slate-200" data-testid="provider-webhook-url">
        {shownAddress(mailbox)}
      </p>
      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-600">
        {(STEPS[mailbox.provider] ?? []).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="mt-3 text-sm text-slate-600">Opens and clicks the provider reports are not used: Herald tracks them itself.</p>
    </Card>
  );
}
