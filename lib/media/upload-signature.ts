// The signature of the app's own upload URL (local storage's stand-in for an S3 presigned URL):
// HMAC-SHA256 over the upload id and its expiry, keyed with the deployment's AUTH_SECRET. Like a
// presigned URL it needs no lookup to refuse a forged or expired one; being one-time is the
// upload row's job (receivedAt).
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../env";

function secret(): string {
  const value = env.authSecret;
  if (!value) throw new Error("AUTH_SECRET is not set: upload URLs cannot be signed");
  return value;
}

export function signUpload(uploadId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return createHmac("sha256", `inkbase-media-upload:${secret()}`).update(`${uploadId}.${expires}`).digest("base64url");
}

/** True for an unexpired signature of this upload. */
export function verifyUploadSignature(uploadId: string, expires: number, signature: string, now = new Date()): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signUpload(uploadId, new Date(expires * 1000)));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
