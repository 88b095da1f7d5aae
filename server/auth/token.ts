import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Access tokens: compact JWS with HS256 only (RFC 7515/7519), made with node:crypto. A token proves who
 * signed it and until when; whether its session is still alive (not revoked) is the caller's check on `sid`.
 */

export interface AccessClaims {
  /** The member's uuid. */
  sub: string;
  /** The session id (sessions.id). */
  sid: string;
  /** members.status when the token was issued. */
  status: number;
  /** Issued at, seconds since the epoch. */
  iat: number;
  /** Expires at, seconds since the epoch; the token is expired from this second on. */
  exp: number;
  aud: "lottoup";
  iss: "lottoup";
}

export type TokenErrorReason =
  | "malformed"
  | "algorithm"
  | "signature"
  | "expired"
  | "audience"
  | "issuer"
  | "not-yet-valid";

export class TokenError extends Error {
  readonly reason: TokenErrorReason;
  constructor(reason: TokenErrorReason, message: string = reason) {
    super(`invalid access token: ${message}`);
    this.name = "TokenError";
    this.reason = reason;
  }
}

const AUDIENCE = "lottoup";
const ISSUER = "lottoup";
/** How far in the future `iat` may lie (clock skew between server processes). */
const MAX_IAT_SKEW_SECONDS = 60;
/** RFC 7518 §3.2: an HS256 key must be at least as long as the hash output. */
const MIN_SECRET_BYTES = 32;

const HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function checkSecret(secret: string): void {
  if (typeof secret !== "string" || Buffer.byteLength(secret) < MIN_SECRET_BYTES)
    throw new RangeError(`the token secret must be at least ${MIN_SECRET_BYTES} bytes`);
}

function hmac(secret: string, signingInput: string): Buffer {
  return createHmac("sha256", secret).update(signingInput).digest();
}

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** Strict base64url: the alphabet only, no padding, and the canonical spelling (no stray trailing bits). */
function decodeSegment(segment: string): Buffer {
  if (!B64URL.test(segment)) throw new TokenError("malformed", "not base64url");
  const bytes = Buffer.from(segment, "base64url");
  if (bytes.toString("base64url") !== segment) throw new TokenError("malformed", "not canonical base64url");
  return bytes;
}

function decodeJsonObject(segment: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(decodeSegment(segment)));
  } catch (err) {
    if (err instanceof TokenError) throw err;
    throw new TokenError("malformed", "not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new TokenError("malformed", "not a JSON object");
  return value as Record<string, unknown>;
}

function isSeconds(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

export function signAccessToken(
  input: { sub: string; sid: string; status: number },
  secret: string,
  opts: { ttlSeconds: number; now?: number },
): string {
  checkSecret(secret);
  if (typeof input.sub !== "string" || input.sub === "")
    throw new TypeError("sub must be a non-empty string");
  if (typeof input.sid !== "string" || input.sid === "")
    throw new TypeError("sid must be a non-empty string");
  if (!Number.isInteger(input.status)) throw new TypeError("status must be an integer");
  if (!Number.isSafeInteger(opts.ttlSeconds) || opts.ttlSeconds <= 0)
    throw new RangeError("ttlSeconds must be a positive integer");
  const iat = opts.now ?? nowSeconds();
  if (!isSeconds(iat)) throw new RangeError("now must be whole seconds since the epoch");
  const claims: AccessClaims = {
    sub: input.sub,
    sid: input.sid,
    status: input.status,
    iat,
    exp: iat + opts.ttlSeconds,
    aud: AUDIENCE,
    iss: ISSUER,
  };
  const signingInput = `${HEADER}.${encodeJson(claims)}`;
  return `${signingInput}.${hmac(secret, signingInput).toString("base64url")}`;
}

/** The claims of a valid token; throws TokenError (with its reason) for any other. */
export function verifyAccessToken(token: string, secret: string, now: number = nowSeconds()): AccessClaims {
  checkSecret(secret);
  if (typeof token !== "string") throw new TokenError("malformed", "not a string");
  const parts = token.split(".");
  if (parts.length !== 3) throw new TokenError("malformed", "not three segments");
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonObject(headerPart);
  // Allow-list: HS256 and nothing else, whatever the rest looks like ("none" with an empty signature, HS512,
  // RS256, ...). Checked before the signature segment is even read.
  if (header.alg !== "HS256") throw new TokenError("algorithm", `alg ${JSON.stringify(header.alg)}`);
  if (header.typ !== undefined && header.typ !== "JWT") throw new TokenError("malformed", "typ is not JWT");
  // We understand no extensions, so a token that says it depends on one is not for us (RFC 7515 §4.1.11).
  if (header.crit !== undefined) throw new TokenError("malformed", "crit header");
  const payload = decodeJsonObject(payloadPart);
  const signature = decodeSegment(signaturePart);

  const expected = hmac(secret, `${headerPart}.${payloadPart}`);
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
    throw new TokenError("signature");

  const { sub, sid, status, iat, exp, aud, iss } = payload;
  if (typeof sub !== "string" || sub === "") throw new TokenError("malformed", "sub");
  if (typeof sid !== "string" || sid === "") throw new TokenError("malformed", "sid");
  if (typeof status !== "number" || !Number.isInteger(status)) throw new TokenError("malformed", "status");
  if (!isSeconds(iat)) throw new TokenError("malformed", "iat");
  if (!isSeconds(exp)) throw new TokenError("malformed", "exp");
  if (iss !== ISSUER) throw new TokenError("issuer");
  if (aud !== AUDIENCE) throw new TokenError("audience");
  if (now >= exp) throw new TokenError("expired");
  if (iat > now + MAX_IAT_SKEW_SECONDS) throw new TokenError("not-yet-valid");
  return { sub, sid, status, iat, exp, aud, iss };
}
