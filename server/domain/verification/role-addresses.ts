// Local parts that name a function rather than a person: a message to them lands in a shared inbox
// or a ticket queue, and cold outreach to them is read as spam more often. No maintained npm list
// was worth a dependency (the one published, role-based-email-addresses, is small and rarely
// used), so this list is ours: the mailbox names of RFC 2142 plus the common team inboxes.
// Compared after lower-casing and dropping a "+tag"; "info-de" or "sales.emea" count as their root.
export const ROLE_LOCAL_PARTS: ReadonlySet<string> = new Set([
  // RFC 2142 (mailbox names for common services, roles and functions)
  "abuse", "hostmaster", "info", "marketing", "noc", "postmaster", "sales", "security", "support", "usenet", "uucp", "webmaster", "www",
  // Team and department inboxes
  "accounting", "accounts", "admin", "administrator", "billing", "bookings", "careers", "contact", "customerservice", "enquiries",
  "feedback", "finance", "hello", "help", "helpdesk", "hr", "inquiries", "invoices", "jobs", "legal", "mail", "media", "newsletter",
  "office", "orders", "press", "privacy", "recruiting", "reception", "service", "team", "welcome",
  // Addresses that no person reads at all
  "bounce", "bounces", "donotreply", "do-not-reply", "mailer-daemon", "no-reply", "noreply",
]);

/** The role name of a local part ("info" for "Info+news", "sales" for "sales.emea"), or null for a person's. */
export function roleOfLocalPart(localPart: string): string | null {
  const bare = localPart.toLowerCase().split("+")[0]!;
  if (ROLE_LOCAL_PARTS.has(bare)) return bare;
  const root = bare.split(/[.\-_]/)[0]!;
  return root !== bare && ROLE_LOCAL_PARTS.has(root) ? root : null;
}
