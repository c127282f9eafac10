// The API document's version, which is the SDK's (sdk/package.json; tests/unit/openapi-sdk.test.ts checks they agree).
export const SDK_VERSION = "0.6.0";
