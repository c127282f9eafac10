// The import rules `npm run lint` checks (npm run lint:arrows alone): every arrow runs downward
// (README "Architecture"). app/ (pages and routes) → components/ → lib/, scripts/ beside
// app/ on lib/; lib/ never reaches up, and no module reaches itself through a circle of imports.
// Type-only imports count: a circle of types is still two modules that cannot be read apart.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "lib-imports-upward",
      comment: "lib/ is the ground floor: it may not import components/ or app/ (STYLE.md).",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "components-import-app",
      comment: "components/ are composed by app/'s pages; they may not import app/.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "app-imports-tooling",
      comment: "The application (app/, components/, lib/) may not import the CLI, the tests or the benches.",
      severity: "error",
      from: { path: "^(app|components|lib)/" },
      to: { path: "^(scripts|tests|bench)/" },
    },
    {
      name: "no-circular",
      comment: "No import cycles: split what both sides need into a third file (STYLE.md).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Prisma's generated client is not ours (its files import each other by design).
    exclude: { path: "^(node_modules|lib/generated)/" },
    doNotFollow: { path: "node_modules" },
    // Type-only imports are arrows too.
    tsPreCompilationDeps: true,
    // The `@/` alias (tsconfig.json "paths").
    tsConfig: { fileName: "tsconfig.json" },
    // Packages' "exports" subpaths (e.g. @tiptap/react/menus), so they resolve.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mts", ".js", ".mjs", ".cjs", ".d.ts", ".d.mts", ".json"],
    },
  },
};
