// Word lists of the company-data generator: People Data Labs' own value conventions (lower-case
// industries, countries and locations; funding stages; job roles and levels) so that generated and
// imported data filter alike. Weights say how common a value is.

export type Weighted<T> = ReadonlyArray<readonly [T, number]>;

export const INDUSTRIES: Weighted<string> = [
  ["information technology and services", 14],
  ["computer software", 12],
  ["marketing and advertising", 7],
  ["financial services", 6],
  ["hospital & health care", 6],
  ["construction", 5],
  ["real estate", 5],
  ["retail", 5],
  ["management consulting", 5],
  ["education management", 4],
  ["internet", 4],
  ["staffing and recruiting", 3],
  ["health, wellness and fitness", 3],
  ["accounting", 3],
  ["automotive", 3],
  ["food & beverages", 3],
  ["design", 3],
  ["nonprofit organization management", 3],
  ["mechanical or industrial engineering", 3],
  ["legal services", 2],
  ["insurance", 2],
  ["banking", 2],
  ["telecommunications", 2],
  ["biotechnology", 2],
  ["pharmaceuticals", 2],
  ["logistics and supply chain", 2],
  ["renewables & environment", 2],
  ["e-learning", 2],
  ["computer & network security", 2],
  ["venture capital & private equity", 1],
  ["media production", 1],
  ["hospitality", 1],
  ["architecture & planning", 1],
  ["civil engineering", 1],
  ["electrical/electronic manufacturing", 1],
  ["medical devices", 1],
  ["oil & energy", 1],
  ["apparel & fashion", 1],
  ["consumer goods", 1],
  ["research", 1],
];

export const COUNTRIES: Weighted<{ country: string; continent: string; languages: string[]; places: Array<[string, string]> }> = [
  [{ country: "united states", continent: "north america", languages: ["english", "spanish"], places: [["san francisco", "california"], ["new york", "new york"], ["austin", "texas"], ["boston", "massachusetts"], ["seattle", "washington"], ["chicago", "illinois"], ["denver", "colorado"], ["atlanta", "georgia"], ["miami", "florida"], ["los angeles", "california"]] }, 38],
  [{ country: "united kingdom", continent: "europe", languages: ["english"], places: [["london", "england"], ["manchester", "england"], ["edinburgh", "scotland"], ["bristol", "england"], ["leeds", "england"]] }, 9],
  [{ country: "india", continent: "asia", languages: ["english", "hindi"], places: [["bengaluru", "karnataka"], ["mumbai", "maharashtra"], ["pune", "maharashtra"], ["hyderabad", "telangana"], ["new delhi", "delhi"]] }, 8],
  [{ country: "germany", continent: "europe", languages: ["german", "english"], places: [["berlin", "berlin"], ["munich", "bavaria"], ["hamburg", "hamburg"], ["cologne", "north rhine-westphalia"], ["frankfurt", "hesse"]] }, 6],
  [{ country: "france", continent: "europe", languages: ["french", "english"], places: [["paris", "île-de-france"], ["lyon", "auvergne-rhône-alpes"], ["toulouse", "occitanie"], ["nantes", "pays de la loire"]] }, 5],
  [{ country: "canada", continent: "north america", languages: ["english", "french"], places: [["toronto", "ontario"], ["vancouver", "british columbia"], ["montreal", "quebec"], ["calgary", "alberta"]] }, 5],
  [{ country: "brazil", continent: "south america", languages: ["portuguese", "english"], places: [["são paulo", "são paulo"], ["rio de janeiro", "rio de janeiro"], ["belo horizonte", "minas gerais"]] }, 4],
  [{ country: "australia", continent: "oceania", languages: ["english"], places: [["sydney", "new south wales"], ["melbourne", "victoria"], ["brisbane", "queensland"]] }, 4],
  [{ country: "netherlands", continent: "europe", languages: ["dutch", "english"], places: [["amsterdam", "north holland"], ["rotterdam", "south holland"], ["utrecht", "utrecht"]] }, 3],
  [{ country: "spain", continent: "europe", languages: ["spanish", "english"], places: [["madrid", "madrid"], ["barcelona", "catalonia"], ["valencia", "valencia"]] }, 3],
  [{ country: "italy", continent: "europe", languages: ["italian", "english"], places: [["milan", "lombardy"], ["rome", "lazio"], ["turin", "piedmont"]] }, 2],
  [{ country: "sweden", continent: "europe", languages: ["swedish", "english"], places: [["stockholm", "stockholm"], ["gothenburg", "västra götaland"]] }, 2],
  [{ country: "singapore", continent: "asia", languages: ["english", "mandarin"], places: [["singapore", "singapore"]] }, 2],
  [{ country: "japan", continent: "asia", languages: ["japanese", "english"], places: [["tokyo", "tokyo"], ["osaka", "osaka"]] }, 2],
  [{ country: "mexico", continent: "north america", languages: ["spanish", "english"], places: [["mexico city", "mexico city"], ["guadalajara", "jalisco"], ["monterrey", "nuevo león"]] }, 2],
  [{ country: "israel", continent: "asia", languages: ["hebrew", "english"], places: [["tel aviv", "tel aviv"], ["haifa", "haifa"]] }, 1],
  [{ country: "ireland", continent: "europe", languages: ["english"], places: [["dublin", "dublin"], ["cork", "cork"]] }, 1],
  [{ country: "poland", continent: "europe", languages: ["polish", "english"], places: [["warsaw", "masovia"], ["kraków", "lesser poland"]] }, 1],
  [{ country: "south africa", continent: "africa", languages: ["english", "afrikaans"], places: [["cape town", "western cape"], ["johannesburg", "gauteng"]] }, 1],
  [{ country: "nigeria", continent: "africa", languages: ["english"], places: [["lagos", "lagos"], ["abuja", "federal capital territory"]] }, 1],
];

export const COMPANY_TYPES_WEIGHTED: Weighted<string> = [
  ["private", 80],
  ["nonprofit", 6],
  ["self-employed", 4],
  ["public", 3],
  ["educational", 3],
  ["government", 2],
  ["partnership", 2],
];

export const NAME_FIRST = [
  "North", "Bright", "Blue", "Silver", "Red", "Green", "Swift", "Clear", "True", "High", "Open", "Iron", "Cedar", "Pine", "Oak", "Maple",
  "River", "Stone", "Summit", "Harbor", "Beacon", "Copper", "Golden", "Crystal", "Lumen", "Nova", "Vertex", "Apex", "Atlas", "Orbit",
  "Pixel", "Quantum", "Signal", "Sterling", "Tidal", "Upland", "Vivid", "West", "East", "South", "Polar", "Solar", "Lunar", "Meadow",
  "Falcon", "Fox", "Wolf", "Bear", "Hawk", "Raven", "Willow", "Aspen", "Birch", "Coral", "Delta", "Echo", "Ember", "Fable", "Grove",
  "Haven", "Indigo", "Juniper", "Kestrel", "Lark", "Mosaic", "Nimbus", "Onyx", "Prairie", "Quill", "Ridge", "Sable", "Terra", "Umber",
];
export const NAME_SECOND = [
  "wind", "wave", "path", "field", "point", "line", "bridge", "gate", "works", "forge", "light", "stack", "peak", "brook", "leaf",
  "stream", "spark", "mark", "craft", "scale", "shore", "vale", "wood", "star", "loop", "grid", "hub", "nest", "core", "mint",
];
export const NAME_SUFFIX: Weighted<string> = [
  ["", 20], ["Labs", 6], ["Analytics", 5], ["Systems", 6], ["Solutions", 8], ["Group", 6], ["Partners", 4], ["Health", 3], ["Software", 5],
  ["Consulting", 5], ["Capital", 2], ["Logistics", 2], ["Foods", 2], ["Studio", 3], ["Digital", 4], ["Technologies", 5], ["Media", 3],
  ["Energy", 2], ["Robotics", 1], ["Bio", 1], ["Security", 2], ["Learning", 2], ["Realty", 2], ["Builders", 2],
];

export const TECHNOLOGIES: Weighted<string> = [
  ["google analytics", 30], ["google workspace", 25], ["microsoft 365", 22], ["wordpress", 18], ["hubspot", 12], ["salesforce", 12],
  ["amazon web services", 15], ["google cloud", 6], ["microsoft azure", 7], ["shopify", 6], ["stripe", 8], ["slack", 14], ["zoom", 12],
  ["react", 10], ["node.js", 8], ["python", 8], ["kubernetes", 5], ["snowflake", 3], ["segment", 3], ["intercom", 4], ["zendesk", 6],
  ["mailchimp", 8], ["marketo", 3], ["outreach", 2], ["gong", 2], ["jira", 9], ["github", 9], ["datadog", 3], ["cloudflare", 8],
  ["workday", 3], ["sap", 3], ["oracle", 3], ["tableau", 3], ["looker", 2], ["figma", 5], ["notion", 4], ["asana", 4], ["webflow", 3],
];

export const INVESTORS = [
  "northgate ventures", "harborline capital", "bluefield partners", "summit peak ventures", "ironbridge capital", "cedar grove partners",
  "lumen ventures", "atlas seed fund", "orbit capital", "signal hill ventures", "redwood angels", "tidewater growth", "upland capital",
  "vertex point partners", "silver maple ventures", "copperline capital", "beacon street ventures", "meadowlark fund", "kestrel capital",
  "polaris equity", "quartz ventures", "ember growth partners", "foxglove capital", "granite row ventures", "hawthorn partners",
  "indigo bay capital", "juniper hill ventures", "lakeshore growth", "mosaic seed", "nimbus capital", "onyx partners", "prairie fund",
  "ridgeline ventures", "sable rock capital", "terra nova partners", "westbrook equity", "evergreen angels", "first light ventures",
];

export const ROUND_LADDER = ["pre_seed", "seed", "series_a", "series_b", "series_c", "series_d", "series_e", "series_f"] as const;
export const OTHER_ROUNDS: Weighted<string> = [["angel", 3], ["grant", 2], ["debt_financing", 3], ["convertible_note", 2], ["private_equity", 1]];

export const DESCRIPTIONS: Record<string, readonly string[]> = {
  software: [
    "{name} builds {adjective} product that helps {audience} {goal}.",
    "{name} is {adjective} platform for {audience}: {goal}, all in one place.",
  ],
  services: [
    "{name} helps {audience} {goal} with {adjective} team of specialists.",
    "Founded in {founded}, {name} works with {audience} to {goal}.",
  ],
};
export const ADJECTIVES = ["cloud-based", "secure", "AI-powered", "simple", "modern", "data-driven", "collaborative", "automated", "reliable", "open"];
export const AUDIENCES = ["sales teams", "hospitals", "retailers", "small businesses", "banks", "schools", "manufacturers", "recruiters", "marketers", "developers", "logistics companies", "law firms"];
export const GOALS = ["grow revenue", "cut costs", "hire faster", "ship better products", "understand their customers", "stay compliant", "reach new markets", "work from anywhere", "plan their supply chain", "protect their data"];

export const FIRST_NAMES = [
  "Ada", "Alan", "Amara", "Ana", "Andrea", "Arjun", "Ben", "Camille", "Carlos", "Chen", "Chloe", "Daniel", "David", "Diego", "Elena", "Emma",
  "Fatima", "Felix", "Grace", "Hana", "Hugo", "Ines", "Isaac", "Jack", "James", "Javier", "Jin", "Julia", "Kai", "Karim", "Laura", "Leila",
  "Liam", "Lucas", "Maria", "Mateo", "Maya", "Mei", "Mohammed", "Nadia", "Nina", "Noah", "Olivia", "Omar", "Priya", "Rafael", "Ravi",
  "Rosa", "Samuel", "Sara", "Sofia", "Tom", "Valentina", "Wei", "Yara", "Yusuf", "Zoe", "Ingrid", "Lars", "Akira", "Sipho", "Chidi",
];
export const LAST_NAMES = [
  "Adams", "Ahmed", "Alvarez", "Andersson", "Baker", "Bauer", "Brown", "Chen", "Costa", "Dubois", "Fischer", "Garcia", "Gupta", "Hansen",
  "Hernandez", "Ito", "Jansen", "Johnson", "Kim", "Kowalski", "Kumar", "Lee", "Lopez", "Martin", "Meyer", "Moreau", "Müller", "Nakamura",
  "Nguyen", "Novak", "Okafor", "O'Brien", "Patel", "Perez", "Rossi", "Santos", "Schmidt", "Silva", "Singh", "Smith", "Tanaka", "Taylor",
  "Walker", "Wang", "Williams", "Wilson", "Yamamoto", "Zhang", "Dlamini", "Cohen", "Murphy", "Larsen",
];

/** PDL job_title_role → its sub-roles (functions), skills and title words. */
export const DEPARTMENTS: Weighted<{ department: string; functions: string[]; skills: string[]; titleWord: string; fields: string[] }> = [
  [{ department: "engineering", functions: ["software", "devops", "data", "qa", "hardware"], skills: ["python", "javascript", "java", "sql", "aws", "kubernetes", "react", "go", "machine learning", "ci/cd"], titleWord: "Engineering", fields: ["computer science", "electrical engineering", "mathematics"] }, 24],
  [{ department: "sales", functions: ["account_executive", "business_development", "sales_development", "account_management"], skills: ["negotiation", "salesforce", "prospecting", "cold calling", "account management", "saas sales", "b2b"], titleWord: "Sales", fields: ["business administration", "economics", "communication"] }, 16],
  [{ department: "marketing", functions: ["product_marketing", "content", "growth", "brand"], skills: ["seo", "content marketing", "google ads", "hubspot", "copywriting", "social media", "analytics"], titleWord: "Marketing", fields: ["marketing", "communication", "business administration"] }, 10],
  [{ department: "operations", functions: ["logistics", "project_management", "office_management"], skills: ["project management", "operations management", "lean", "supply chain", "excel"], titleWord: "Operations", fields: ["business administration", "industrial engineering"] }, 10],
  [{ department: "finance", functions: ["accounting", "investment", "tax"], skills: ["financial modeling", "excel", "accounting", "budgeting", "forecasting"], titleWord: "Finance", fields: ["finance", "accounting", "economics"] }, 7],
  [{ department: "human_resources", functions: ["recruiting", "people_operations", "training"], skills: ["recruiting", "talent acquisition", "onboarding", "employee relations"], titleWord: "People", fields: ["psychology", "human resources"] }, 6],
  [{ department: "customer_service", functions: ["customer_success", "support"], skills: ["customer success", "zendesk", "customer support", "account management"], titleWord: "Customer Success", fields: ["communication", "business administration"] }, 8],
  [{ department: "design", functions: ["product_design", "graphic_design"], skills: ["figma", "user research", "ui design", "prototyping", "adobe creative suite"], titleWord: "Design", fields: ["graphic design", "fine arts"] }, 4],
  [{ department: "legal", functions: ["counsel", "compliance"], skills: ["contracts", "compliance", "gdpr", "litigation"], titleWord: "Legal", fields: ["law"] }, 3],
  [{ department: "health", functions: ["nursing", "physician", "pharmacy"], skills: ["patient care", "clinical research", "healthcare management"], titleWord: "Clinical", fields: ["nursing", "medicine", "biology"] }, 5],
  [{ department: "education", functions: ["teaching", "curriculum"], skills: ["teaching", "curriculum development", "e-learning"], titleWord: "Learning", fields: ["education", "english"] }, 3],
];

/** Seniority levels (PDL job_title_levels) with how common each is and how a title starts. */
export const SENIORITY_LEVELS: Weighted<{ seniority: string; title: (word: string, fn: string) => string }> = [
  [{ seniority: "owner", title: () => "Owner" }, 2],
  [{ seniority: "founder", title: () => "Co-Founder" }, 2],
  [{ seniority: "c_suite", title: (word) => (word === "Engineering" ? "Chief Technology Officer" : word === "Sales" ? "Chief Revenue Officer" : word === "Finance" ? "Chief Financial Officer" : word === "Marketing" ? "Chief Marketing Officer" : "Chief Operating Officer") }, 3],
  [{ seniority: "partner", title: (word) => `${word} Partner` }, 1],
  [{ seniority: "vp", title: (word) => `VP of ${word}` }, 4],
  [{ seniority: "head", title: (word) => `Head of ${word}` }, 4],
  [{ seniority: "director", title: (word) => `Director of ${word}` }, 8],
  [{ seniority: "manager", title: (word, fn) => `${fnWords(fn)} Manager` }, 18],
  [{ seniority: "senior", title: (_word, fn) => `Senior ${fnWords(fn)} Specialist` }, 22],
  [{ seniority: "entry", title: (_word, fn) => `${fnWords(fn)} Associate` }, 32],
  [{ seniority: "intern", title: (_word, fn) => `${fnWords(fn)} Intern` }, 4],
];

function fnWords(fn: string): string {
  return fn
    .split("_")
    .map((word) => (word === "qa" ? "QA" : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}

export const DEGREES: Weighted<string> = [["bachelors", 55], ["masters", 25], ["mba", 7], ["associates", 6], ["doctorates", 4], ["certificate", 3]];
