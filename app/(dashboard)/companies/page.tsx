import type { Metadata } from "next";
import { NotBuiltYet } from "@/components/shell/not-built-yet";

export const metadata: Metadata = { title: "Companies" };

export default function CompaniesPage() {
  return (
    <NotBuiltYet title="Companies" description="Search the company database by industry, country, headcount and more.">
      When company search arrives you will find companies here; each result spends AI credits.
    </NotBuiltYet>
  );
}
