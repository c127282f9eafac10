// Single sign-on's invitation check (lib/accounts/has-pending-invitation.ts): an address with an
// invitation that is neither accepted, revoked nor expired may make its account through SSO.
import { describe, expect, it } from "vitest";
import { hasPendingInvitation } from "../../lib/accounts/has-pending-invitation";
import { db } from "../../lib/db";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

describe("hasPendingInvitation", () => {
  it("answers yes only for a live invitation, letter case ignored", async () => {
    const owner = await createTestUser();
    const email = `${uniqueName("invited")}@example.test`;
    const invite = (data: { expiresAt: Date; acceptedAt?: Date; revokedAt?: Date }) =>
      db().invitation.create({ data: { projectId: owner.id, email, role: "author", tokenHash: uniqueName("hash"), invitedById: owner.id, ...data } });
    expect(await hasPendingInvitation(email)).toBe(false);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await invite({ expiresAt: past });
    await invite({ expiresAt: future, acceptedAt: past });
    await invite({ expiresAt: future, revokedAt: past });
    expect(await hasPendingInvitation(email)).toBe(false);
    await invite({ expiresAt: future });
    expect(await hasPendingInvitation(email.toUpperCase())).toBe(true);
  });
});
