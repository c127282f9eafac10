import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  // Playwright fixtures receive a function called `use`, which is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  { ignores: [".next/**", ".next-*/**", "node_modules/**", "lib/generated/**", ".data/**", "next-env.d.ts", "test-results/**", "sdk/dist/**", "sdk/src/schema.generated.ts", "public/reference/**"] },
];

export default config;
