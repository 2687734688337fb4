export interface NavItem {
  href: string;
  label: string;
  icon: string;
  /** A count beside the label, kept fresh by the sidebar (the Inbox's unread conversations, the drafts waiting for approval). */
  badge?: "inbox-unread" | "approvals-pending";
}

/** The product's sections, in sidebar order. */
export const navItems: NavItem[] = [
  { href: "/analytics", label: "Analytics", icon: "M4 20V10m6 10V4m6 16v-7m4 7H3" },
  { href: "/campaigns", label: "Campaigns", icon: "M4 5h16M4 12h16M4 19h10" },
  { href: "/inbox", label: "Inbox", icon: "M4 13h4l2 3h4l2-3h4M5.5 5h13L21 13v6H3v-6l2.5-8Z", badge: "inbox-unread" },
  { href: "/senders", label: "Senders", icon: "M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0ZM4 21a8 8 0 0 1 16 0" },
  { href: "/approvals", label: "Approvals", icon: "M5 13l4 4L19 7", badge: "approvals-pending" },
  { href: "/tasks", label: "Tasks", icon: "M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9" },
  { href: "/mailboxes", label: "Mailboxes", icon: "M3 7l9 6 9-6M3 7v10h18V7" },
  { href: "/orders", label: "Orders", icon: "M6 6h15l-1.5 9h-12L6 6ZM6 6 5 3H2m7 18a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm9 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" },
  { href: "/companies", label: "Companies", icon: "M4 21V5l8-3 8 3v16M9 21v-4h6v4M8 9h.01M12 9h.01M16 9h.01M8 13h.01M12 13h.01M16 13h.01" },
  { href: "/settings", label: "Settings", icon: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.4a7.4 7.4 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 2.2 1.3l.4 2.4h4l.4-2.4a7.4 7.4 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3Z" },
];

/** Below the product's sections: the simulated LinkedIn network to try Herald against. */
export const toolNavItems: NavItem[] = [
  { href: "/sandbox", label: "Sandbox", icon: "M9 3h6M10 3v6L4.5 18.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3M7 15h10" },
];
