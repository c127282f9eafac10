import { afterEach, describe, expect, it } from "vitest";
import { authorizeCron } from "../../lib/cron/authorize-cron";
import { nextRetryAt } from "../../lib/webhooks/retry-schedule";

describe("authorizeCron", () => {
  afterEach(() => {
    delete process.env.CRON_SECRET;
  });

  it("refuses everyone while CRON_SECRET is unset", () => {
    for (const header of [null, "Bearer ", "Bearer undefined", "Bearer null"]) {
      expect(() => authorizeCron(header)).toThrow(expect.objectContaining({ status: 401, body: { error: "Unauthorized" } }));
    }
  });

  it("admits exactly `Bearer <CRON_SECRET>`", () => {
    process.env.CRON_SECRET = "s3cret-value";
    expect(() => authorizeCron("Bearer s3cret-value")).not.toThrow();
    expect(() => authorizeCron("bearer s3cret-value")).not.toThrow();
    for (const header of [null, "s3cret-value", "Bearer s3cret-valu", "Bearer s3cret-value2", "Basic s3cret-value"]) {
      expect(() => authorizeCron(header)).toThrow(expect.objectContaining({ status: 401 }));
    }
  });
});

describe("nextRetryAt", () => {
  it("follows 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, then gives up", () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const minutes = [1, 2, 3, 4, 5, 6, 7].map((attempts) => (nextRetryAt(attempts, now)!.getTime() - now.getTime()) / 60_000);
    expect(minutes).toEqual([1, 5, 30, 120, 360, 720, 1440]);
    expect(nextRetryAt(8, now)).toBeNull();
  });
});
