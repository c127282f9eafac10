/** The token of an `Authorization: Bearer <token>` header, or null for anything else. */
export function bearerToken(authorization: string | null): string | null {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match ? match[1] : null;
}
