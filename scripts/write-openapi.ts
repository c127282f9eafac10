// Writes the OpenAPI document to a file (default sdk/openapi.json): the SDK's types are generated
// from it (npm run sdk:generate), and tests/unit/openapi-sdk.test.ts fails when either is stale.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { buildDocument } from "../lib/openapi/build-document";
import { documentedRoutes } from "../app/api/openapi.json/documented-routes";
import * as documentRoute from "../app/api/openapi.json/route";

const root = path.resolve(import.meta.dirname, "..");
const target = path.resolve(root, process.argv[2] ?? "sdk/openapi.json");
buildDocument(documentedRoutes(documentRoute))
  .then((document) => {
    writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`[openapi] wrote ${path.relative(root, target)} (${Object.keys(document.paths ?? {}).length} paths)`);
    process.exit(0);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
