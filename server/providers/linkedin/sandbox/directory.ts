// The sandbox network's directory of prospects: the same few hundred people on every installation,
// generated from a fixed seed, each with a public profile URL to use in direct actions and imports.
import { env } from "../../../env";
import { unitRandom } from "./behaviour";

const FIRST_NAMES = ["Maya", "Lucas", "Sofia", "Noah", "Emma", "Liam", "Olivia", "Ethan", "Amara", "Kenji", "Priya", "Mateo", "Chloe", "Omar", "Hannah", "Diego", "Ines", "Yusuf", "Grace", "Felix", "Nora", "Ravi", "Elena", "Tomas"];
const LAST_NAMES = ["Chen", "Müller", "Garcia", "Okafor", "Novak", "Rossi", "Larsen", "Silva", "Tanaka", "Dubois", "Kowalski", "Haddad", "Fischer", "Patel", "Moreau", "Jensen", "Costa", "Nakamura", "Schmidt", "Ahmed"];
const TITLES = ["Head of Sales", "VP Marketing", "Founder & CEO", "Chief Revenue Officer", "Sales Development Lead", "Growth Manager", "Head of Partnerships", "CTO", "Procurement Manager", "Customer Success Director", "Operations Manager", "Recruiting Lead"];
const COMPANIES = [
  ["Northwind Analytics", "Software"],
  ["Bluepeak Logistics", "Logistics"],
  ["Solaris Health", "Healthcare"],
  ["Quantico Finance", "Financial Services"],
  ["Evergreen Foods", "Food & Beverage"],
  ["Helix Robotics", "Manufacturing"],
  ["Lumen Retail", "Retail"],
  ["Atlas Security", "Software"],
  ["Brightpath Education", "Education"],
  ["Cobalt Energy", "Energy"],
  ["Vertex Consulting", "Consulting"],
  ["Nimbus Cloud", "Software"],
] as const;
const LOCATIONS = ["Berlin, Germany", "Paris, France", "London, United Kingdom", "New York, United States", "Austin, United States", "Toronto, Canada", "Amsterdam, Netherlands", "Madrid, Spain", "Stockholm, Sweden", "Singapore"];
const POSTS = [
  "We just closed our best quarter yet. Proud of this team!",
  "Three lessons from scaling outbound from 0 to 100 meetings a month.",
  "Hiring: we're looking for two account executives in Europe.",
  "Hot take: cold outreach works when it is relevant. Personalize or don't send.",
  "Thrilled to announce our partnership with a leading logistics provider.",
  "What is your favourite sales book? Mine is still SPIN Selling.",
];

export interface DirectoryProspect {
  id: string;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  headline: string;
  company: string;
  jobTitle: string;
  location: string;
  openProfile: boolean;
  isPremium: boolean;
  acceptRate: number;
  replyRate: number;
  posts: Array<{ id: string; text: string; daysAgo: number }>;
}

export const DIRECTORY_SIZE = 240;

/** How many prospects the sandbox network has: 240, or HERALD_SANDBOX_DIRECTORY_SIZE (benchmarks use tens of thousands). */
export function directorySize(): number {
  return env().HERALD_SANDBOX_DIRECTORY_SIZE ?? DIRECTORY_SIZE;
}

function pick<T>(list: readonly T[], key: string): T {
  return list[Math.floor(unitRandom(key) * list.length)]!;
}

export function sandboxDirectory(size = directorySize()): DirectoryProspect[] {
  const prospects: DirectoryProspect[] = [];
  for (let index = 0; index < size; index++) {
    const key = `prospect-${index}`;
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]!;
    const [company, industry] = pick(COMPANIES, `${key}:company`);
    const jobTitle = pick(TITLES, `${key}:title`);
    const slug = `${firstName}-${lastName}`.toLowerCase().normalize("NFD").replace(/[^a-z-]/g, "");
    const postCount = unitRandom(`${key}:posts`) < 0.6 ? 1 + Math.floor(unitRandom(`${key}:post-count`) * 3) : 0;
    prospects.push({
      id: `sbp_${String(index).padStart(4, "0")}`,
      publicIdentifier: `${slug}-${String(index).padStart(3, "0")}`,
      firstName,
      lastName,
      headline: `${jobTitle} at ${company} · ${industry}`,
      company,
      jobTitle,
      location: pick(LOCATIONS, `${key}:location`),
      openProfile: unitRandom(`${key}:open`) < 0.15,
      isPremium: unitRandom(`${key}:premium`) < 0.2,
      acceptRate: 0.25 + unitRandom(`${key}:accept-rate`) * 0.4,
      replyRate: 0.1 + unitRandom(`${key}:reply-rate`) * 0.25,
      posts: Array.from({ length: postCount }, (_, post) => ({
        id: `sbpost_${String(index).padStart(4, "0")}_${post}`,
        text: pick(POSTS, `${key}:post:${post}`),
        daysAgo: 1 + Math.floor(unitRandom(`${key}:post-age:${post}`) * 20),
      })),
    });
  }
  return prospects;
}

export { profileUrlOf as sandboxProfileUrl, publicIdentifierFrom } from "../../../lib/linkedin-url";
