import type { Metadata } from "next";
import { CompaniesPage } from "@/components/company-database/companies-page";

export const metadata: Metadata = { title: "Companies" };

export default function Companies() {
  return <CompaniesPage />;
}
