import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** PKCE (RFC 7636): a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export interface IdTokenClaims {
  sub: string;
  name?: string;
  email?: string;
  picture?: string;
}

export class IdTokenError extends Error {
  constructor(reason: string) {
    super(`id_token rejected: ${reason}`);
    this.name = "IdTokenError";
  }
}

/**
 * Verifies a LINE ID token: HS256 signed with the channel secret (the only algorithm accepted), issued by the
 * configured issuer, for our channel, not expired, and carrying the nonce we sent.
 */
export function verifyIdToken(
  idToken: string,
  expected: { secret: string; issuer: string; audience: string; nonce: string; now?: number },
): IdTokenClaims {
  const parts = idToken.split(".");
  if (parts.length !== 3) throw new IdTokenError("malformed");
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: { alg?: unknown };
  let claims: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(headerPart, "base64url").toString("utf8"));
    claims = JSON.parse(Buffer.from(payloadPart, "base64url").toString("utf8"));
  } catch {
    throw new IdTokenError("malformed");
  }
  if (header.alg !== "HS256") throw new IdTokenError("algorithm");
  const expectedSignature = createHmac("sha256", expected.secret)
    .update(`${headerPart}.${payloadPart}`)
    .digest();
  const given = Buffer.from(signaturePart, "base64url");
  if (given.length !== expectedSignature.length || !timingSafeEqual(given, expectedSignature)) {
    throw new IdTokenError("signature");
  }
  const now = expected.now ?? Math.floor(Date.now() / 1000);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== expected.issuer) throw new IdTokenError("issuer");
  if (!audience.includes(expected.audience)) throw new IdTokenError("audience");
  if (typeof claims.exp !== "number" || now >= claims.exp) throw new IdTokenError("expired");
  if (claims.nonce !== expected.nonce) throw new IdTokenError("nonce");
  if (typeof claims.sub !== "string" || claims.sub.length === 0 || claims.sub.length > 100) {
    throw new IdTokenError("subject");
  }
  return {
    sub: claims.sub,
    ...(typeof claims.name === "string" ? { name: claims.name } : {}),
    ...(typeof claims.email === "string" ? { email: claims.email } : {}),
    ...(typeof claims.picture === "string" ? { picture: claims.picture } : {}),
  };
}
