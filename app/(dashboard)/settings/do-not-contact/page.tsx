import type { Metadata } from "next";
import { DoNotContactSettings } from "@/components/do-not-contact/do-not-contact-settings";

export const metadata: Metadata = { title: "Do not contact" };

export default function DoNotContactSettingsPage() {
  return <DoNotContactSettings />;
}
