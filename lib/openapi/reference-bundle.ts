// Where /docs loads Scalar's standalone bundle from: our own public/ folder, never a CDN.
export const REFERENCE_BUNDLE_PATH = "/reference/scalar-standalone.js";
export const REFERENCE_BUNDLE_SOURCE = "node_modules/@scalar/api-reference/dist/browser/standalone.js";
