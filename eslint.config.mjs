import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

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
    files: ["components/**", "app/**", "e2e/**", "bench/**", "scripts/**", "server/test/**", "server/lib/clock.ts", "server/lib/logger.ts", "**/*.test.ts", "vitest.*.ts", "playwright.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
];

export default config;
