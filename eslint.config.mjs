import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  // Playwright fixtures receive a function called `use`, which is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  // CommonJS on purpose: it runs inside Node's permission sandbox, where no loader could read TypeScript.
  { files: ["scripts/vercel-check/function-host.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { ignores: [".next/**", ".next-*/**", "node_modules/**", "lib/generated/**", ".data/**", "next-env.d.ts", "test-results/**", "sdk/dist/**", "sdk/src/schema.generated.ts", "public/reference/**", ".vercel/**"] },
];

export default config;
