/** What the app reads from its access token (SPEC.md section 3: jwtDecoded has uuid and numeric status). */
export interface DecodedToken {
  uuid: string;
  status: number;
  /** Seconds since the epoch. */
  exp: number;
}

function base64UrlDecode(part: string): string {
  const padded = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims without verifying them (the server verifies every request). Null for anything that is not
 * a well-formed token with a uuid, a numeric status and an expiry: the app treats that as logged out.
 */
export function decodeToken(token: string | null | undefined): DecodedToken | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1])) as Record<string, unknown>;
    if (typeof claims.sub !== "string" || !claims.sub) return null;
    if (typeof claims.status !== "number" || !Number.isInteger(claims.status)) return null;
    if (typeof claims.exp !== "number") return null;
    return { uuid: claims.sub, status: claims.status, exp: claims.exp };
  } catch {
    return null;
  }
}

/** SPEC.md section 9: expiry checked with no leeway. */
export function isExpired(decoded: DecodedToken, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return nowSeconds >= decoded.exp;
}
