import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Layers, one way down (docs/architecture.md): transport (app/, components/, server/trpc,
// server/http, the API's handlers in server/openapi, inngest/) → services (server/services/<domain>/) → the decision core (server/domain),
// providers (server/providers) and the database (server/db). Tests, end-to-end specs, benchmarks and
// the test harness set up the world they check and may reach any layer.
const TEST_FILES = ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "bench/**", "server/test/**"];

const layerZones = [
  {
    target: ["./app", "./components", "./server/trpc", "./server/http", "./server/openapi", "./inngest"],
    from: "./server/db",
    message: "Transport does not touch the database or Prisma's types: call a service (server/services/<domain>/), take types from server/schemas.",
  },
  {
    target: "./components",
    from: "./server/services",
    message: "Components talk to the server through tRPC; their types come from server/schemas.",
  },
  {
    // A provider's sandbox is known only to that provider and to the sandbox services
    // (server/services/sandbox); everything else sees it through the provider's interface.
    target: ["./app", "./components", "./inngest", "./server/*.ts", "./server/!(providers|services)/**", "./server/services/!(sandbox)/**"],
    from: ["server/providers/*/sandbox/**"],
    message: "A sandbox is reached through its provider's interface (e.g. server/providers/linkedin/types.ts) or a sandbox service (server/services/sandbox/).",
  },
  {
    target: "./server/providers/!(linkedin)/**",
    from: ["server/providers/linkedin/sandbox/**"],
    message: "The LinkedIn sandbox is reached through the LinkedinProvider interface (server/providers/linkedin/types.ts).",
  },
  {
    target: "./server/providers/!(mail)/**",
    from: ["server/providers/mail/sandbox/**"],
    // The sandbox's filter model (pure) is shared with the sandbox warmup network, which simulates where its mail lands.
    except: ["**/placement.ts"],
    message: "The sandbox mail network is reached through the MailProvider interface (server/providers/mail/types.ts).",
  },
  {
    // The decision core is pure: facts in, decisions out. No I/O, no clock; the shells pass the time.
    target: "./server/domain",
    from: [
      "./server/db",
      "./server/services",
      "./server/providers",
      "./server/lib/clock.ts",
      "./server/runtime",
      "./server/embedded-inngest",
      "./server/trpc",
      "./server/http",
      "./inngest",
      "./app",
      "./components",
    ],
    message: "server/domain is the pure decision core: it takes facts and the time as arguments and imports no I/O (database, services, providers, clock).",
  },
];

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [".next/**", ".herald/**", ".research/**", ".data/**", "server/db/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Services never read the clock directly: time comes from server/lib/clock.
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Use now() from server/lib/clock so that tests and simulations can move time.",
        },
      ],
    },
  },
  {
    ignores: TEST_FILES,
    rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: layerZones }] },
  },
  {
    files: ["server/domain/**"],
    ignores: TEST_FILES,
    // Isomorphic: the sequence editor runs it in the browser, the executor and the forecast in Node.
    rules: { "import/no-nodejs-modules": "error" },
  },
  {
    files: ["components/**", "app/**", "e2e/**", "bench/**", "scripts/**", "server/test/**", "server/lib/clock.ts", "server/lib/logger.ts", "**/*.test.ts", "vitest.*.ts", "playwright.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // Test helpers named use… (useTestDnsServer) register vitest hooks, not React ones.
    files: ["**/*.test.ts", "server/test/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
