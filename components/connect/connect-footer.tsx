"use client";
import { usePathname } from "next/navigation";

/** The line under a hosted connect page: what happens to what the person types, per kind of link. */
export function ConnectFooter() {
  const pathname = usePathname();
  const text = pathname.startsWith("/connect/mailbox")
    ? "You sign in on Google's or Microsoft's own page; Herald never sees your password."
    : "Your password goes to LinkedIn only to sign in; Herald keeps it encrypted.";
  return <p className="mt-6 text-center text-xs text-slate-400">{text}</p>;
}
