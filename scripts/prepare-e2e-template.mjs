// Makes the browser tests' migrated template database (e2e/global-setup.ts, which skips its own
// when HERALD_E2E_TEMPLATE names one): `node scripts/prepare-e2e-template.mjs <name>` makes it,
// `--drop <name>` drops it. scripts/test.sh makes it beside the database tests, so that the browser
// tests start at once, and drops it at the end.
import { dropDatabase, migrateTemplate } from "../e2e/herald-server.mjs";

const [first, second] = process.argv.slice(2);
if (first === "--drop" && second) await dropDatabase(second);
else if (first && !first.startsWith("-")) await migrateTemplate(first, "e2e/prepare-template.ts");
else {
  console.error("usage: node scripts/prepare-e2e-template.mjs <database> | --drop <database>");
  process.exit(2);
}
