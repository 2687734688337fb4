import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/trpc/provider";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Herald", template: "%s · Herald" },
  description: "Self-hostable outreach automation for LinkedIn and e-mail.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
