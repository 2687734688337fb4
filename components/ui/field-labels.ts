// Field paths of API and tRPC errors ("sequence.steps.2.config.note") as people read them
// ("Step #3 Message — Note"), so that no dashboard message shows an API field name.
import { STEP_LABELS, type StepType } from "@/server/schemas/sequence";

const LABELS: Record<string, string> = {
  name: "Name",
  label: "Label",
  email: "E-mail",
  username: "E-mail",
  password: "Password",
  code: "Code",
  timezone: "Time zone",
  voiceId: "Voice for AI voice notes",
  status: "Status",
  url: "URL",
  events: "Events",
  enabled: "Enabled",
  role: "Role",
  profileUrl: "LinkedIn profile URL",
  publicIdentifier: "Profile slug",
  firstName: "First name",
  lastName: "Last name",
  company: "Company",
  customVariables: "Custom variables",
  linkedinAccountId: "Sender",
  linkedinAccountIds: "Sender pool",
  emailAccountIds: "Mailboxes",
  excludeListIds: "Excluded lead lists",
  listId: "Lead list",
  aiInterestEnabled: "Interest detection",
  unsubscribe: "Unsubscribe link",
  tracking: "Tracking",
  excludeOtherCampaigns: "Leads in other campaigns",
  excludeOtherSenders: "Leads of other senders",
  excludeSameSenderOtherCampaigns: "Leads of the same sender in other campaigns",
  schedule: "Schedule",
  activeHours: "Active hours",
  from: "Active from",
  to: "Active until",
  activeDays: "Active days",
  startDate: "Start",
  endDate: "End",
  sequence: "Sequence",
  steps: "Steps",
  type: "Kind",
  note: "Note",
  text: "Message",
  subject: "Subject",
  html: "HTML body",
  newThread: "Start a new thread",
  fromName: "From name",
  dailyLimit: "Daily limit",
  signature: "Signature",
  trackOpens: "Track opens",
  trackClicks: "Track clicks",
  smtp: "SMTP",
  imap: "IMAP",
  host: "Host",
  port: "Port",
  security: "Security",
  body: "Body",
  variants: "Variants",
  attachments: "Attachments",
  withdrawEnabled: "Withdraw",
  withdrawDays: "Withdraw after",
  nextDelayHours: "Delay",
  branchDelays: "Delays",
  yes: "on yes",
  no: "on no",
  voiceAssignments: "Voice assignments",
  totpSecret: "2FA setup key",
  cookie: "Session cookie",
  proxy: "Proxy",
  limits: "Limits",
  daily: "Daily limits",
  invitations: "Connection requests",
  profileViews: "Profile views",
  postLikes: "Post likes",
  follows: "Follows",
  messages: "Messages",
  inmails: "InMails",
  comments: "Comments",
  weeklyInvitations: "Weekly connection requests",
  leads: "Leads",
  limit: "Page size",
  offset: "Page start",
  localPart: "Address",
  redirectUrl: "Redirect",
  platform: "Mail platform",
  years: "Years",
};

/** One item of a list field, numbered: "Sender 3", "Lead 5". */
const ITEM: Record<string, string> = {
  linkedinAccountIds: "Sender",
  emailAccountIds: "Mailbox",
  excludeListIds: "Excluded lead list",
  activeDays: "Active day",
  customVariables: "Custom variable",
  domains: "Domain",
  mailboxes: "Mailbox",
};

/** The wrappers tRPC procedures put around a service's input. */
const WRAPPERS = new Set(["changes", "input", "content"]);

function humanize(segment: string): string {
  const words = segment.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function labelOf(segment: string): string {
  return LABELS[segment] ?? humanize(segment);
}

export interface FieldLabelContext {
  /** The steps as sent, to name "sequence.steps.2" by its kind ("#3 Message"). */
  steps?: ReadonlyArray<{ type?: unknown }>;
}

/**
 * "sequence.steps.2.config.note" → "Step #3 Message — Note"; "schedule.activeHours.from" →
 * "Schedule — Active from"; "leads.4.profileUrl" → "Lead 5 — LinkedIn profile URL".
 */
export function fieldLabel(path: string, context: FieldLabelContext = {}): string {
  const segments = path.split(".").filter(Boolean);
  while (segments.length > 1 && WRAPPERS.has(segments[0]!)) segments.shift();
  const parts: string[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const next = segments[index + 1];
    const position = next !== undefined && /^\d+$/.test(next) ? Number(next) : null;
    if (segment === "sequence" && segments[index + 1] === "steps") continue;
    if (segment === "config" || segment === "activeHours") continue;
    if (position !== null) {
      if (segment === "steps") {
        const type = context.steps?.[position]?.type;
        const kind = typeof type === "string" && type in STEP_LABELS ? ` ${STEP_LABELS[type as StepType]}` : "";
        parts.push(`Step #${position + 1}${kind}`);
      } else if (segment === "variants") {
        parts.push(`Variant ${String.fromCharCode(65 + position)}`);
      } else {
        const label = labelOf(segment);
        parts.push(`${ITEM[segment] ?? (label.endsWith("s") ? label.slice(0, -1) : label)} ${position + 1}`);
      }
      index++;
      continue;
    }
    if (/^\d+$/.test(segment)) continue;
    parts.push(parts.length && (segment === "yes" || segment === "no") ? `${parts.pop()} ${labelOf(segment)}` : labelOf(segment));
  }
  return parts.length ? parts.join(" — ") : humanize(path);
}

/** One sentence for a field error: "Step #3 Message — Note: too long". */
export function fieldErrorText(field: string, message: string, context?: FieldLabelContext): string {
  return `${fieldLabel(field, context)}: ${message}`;
}
