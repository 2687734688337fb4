"use client";
import type { ReactNode } from "react";
import type { TCompany } from "@/server/schemas/company-database";
import { displayValue } from "./company-filters";
import { formatCount, formatGrowth, formatRevenue, formatUsd, roundLabel, websiteOf } from "./company-format";
import { CompanyPeople } from "./company-people";
import { Drawer } from "./drawer";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Tags({ values, empty }: { values: string[]; empty: string }) {
  if (!values.length) return <span className="text-slate-400">{empty}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {values.map((value) => (
        <span key={value} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {value}
        </span>
      ))}
    </span>
  );
}

/** Everything the database knows of a company (already paid for), and its people on request. */
export function CompanyDetail({ company, onClose }: { company: TCompany; onClose: () => void }) {
  const website = websiteOf(company);
  return (
    <Drawer
      title={company.name}
      onClose={onClose}
      subtitle={
        <span className="flex flex-wrap gap-x-3">
          {website && (
            <a href={website} target="_blank" rel="noreferrer noopener" className="text-brand-700 hover:underline">
              {company.domain ?? website}
            </a>
          )}
          {company.linkedinUrl && (
            <a href={company.linkedinUrl} target="_blank" rel="noreferrer noopener" className="text-brand-700 hover:underline">
              LinkedIn page
            </a>
          )}
        </span>
      }
    >
      <div className="space-y-6">
        {company.description && <p className="text-sm text-slate-700">{company.description}</p>}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3" aria-label="Company facts">
          <Fact label="Industry">{company.industry ? displayValue(company.industry) : "—"}</Fact>
          <Fact label="Company type">{company.companyType ? displayValue(company.companyType) : "—"}</Fact>
          <Fact label="Headquarters">{company.headquarters ? displayValue(company.headquarters) : company.country ? displayValue(company.country) : "—"}</Fact>
          <Fact label="Founded">{company.yearFounded ?? "—"}</Fact>
          <Fact label="Employees">
            {formatCount(company.headcount)}
            {company.headcountRange && <span className="text-slate-500"> ({company.headcountRange})</span>}
          </Fact>
          <Fact label="Growth, 12 months">{formatGrowth(company.headcountGrowth12m)}</Fact>
          <Fact label="Followers">{formatCount(company.followers)}</Fact>
          <Fact label="Open jobs">{formatCount(company.openings)}</Fact>
          <Fact label="Estimated revenue">{formatRevenue(company.estimatedRevenue)}</Fact>
          <Fact label="Total funding">{formatUsd(company.funding.totalUsd)}</Fact>
          <Fact label="Last round">
            {roundLabel(company.funding.lastRoundType)}
            {company.funding.lastRoundUsd !== null && ` · ${formatUsd(company.funding.lastRoundUsd)}`}
            {company.funding.lastRoundDate && <span className="text-slate-500"> · {company.funding.lastRoundDate}</span>}
          </Fact>
        </dl>
        <dl className="space-y-3">
          <Fact label="Industries">
            <Tags values={company.industries.map(displayValue)} empty="—" />
            {company.matchedIndustry && company.matchedIndustry !== company.industry && (
              <span className="mt-1 block text-xs text-slate-500">
                Found by your industry filter through {displayValue(company.matchedIndustry)}, one of its other industries.
              </span>
            )}
          </Fact>
          <Fact label="Investors">
            <Tags values={company.funding.investors.map(displayValue)} empty="None known" />
          </Fact>
          <Fact label="Technologies">
            <Tags values={company.technologies.map(displayValue)} empty="None known" />
          </Fact>
        </dl>
        <CompanyPeople company={company} />
      </div>
    </Drawer>
  );
}
