import { describe, expect, it } from "vitest";
import { parseFlags, required } from "../../scripts/lib/cli-args";

describe("admin CLI flags", () => {
  it("reads the command and --flag value pairs, also --flag=value", () => {
    expect(parseFlags(["user:create", "--username", "ann", "--plan=pro"])).toEqual({
      command: "user:create",
      flags: { username: "ann", plan: "pro" },
    });
  });

  it("refuses a flag without a value and stray arguments", () => {
    expect(() => parseFlags(["key:create", "--scopes"])).toThrow("Flag --scopes needs a value");
    expect(() => parseFlags(["key:create", "oops"])).toThrow('Unexpected argument "oops"');
    expect(() => required({}, "id")).toThrow("Missing --id");
  });

  it("takes a value that starts with a single dash, and the last of repeated flags", () => {
    expect(parseFlags(["user:create", "--password", "-x1", "--plan", "free", "--plan", "pro"]).flags).toEqual({ password: "-x1", plan: "pro" });
  });

  it("reads --dry-run and --force as switches, wherever they stand", () => {
    expect(parseFlags(["import", "--dry-run", "--username", "ann", "--force"]).flags).toEqual({ "dry-run": "true", username: "ann", force: "true" });
  });
});
