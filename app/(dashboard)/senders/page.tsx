import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/shell/not-built-yet";

export const metadata: Metadata = { title: "Senders" };

export default function SendersPage() {
  return (
    <NotBuiltYet title="Senders" description="LinkedIn accounts that send invitations, messages and InMails.">
      When senders arrive you will connect LinkedIn accounts here (password, session cookie or a hosted link) and see their limits and usage.
    </NotBuiltYet>
  );
}
