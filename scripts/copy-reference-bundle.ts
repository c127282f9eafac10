// Copies Scalar's standalone bundle into public/ (git-ignored) so /docs serves it from our own
// origin: run by `npm run generate`, so by build, typecheck and test.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { REFERENCE_BUNDLE_PATH, REFERENCE_BUNDLE_SOURCE } from "../lib/openapi/reference-bundle";

const root = path.resolve(import.meta.dirname, "..");
const target = path.join(root, "public", REFERENCE_BUNDLE_PATH);
mkdirSync(path.dirname(target), { recursive: true });
copyFileSync(path.join(root, REFERENCE_BUNDLE_SOURCE), target);
