import { createHash, randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify } from "jose";
import * as client from "openid-client";
import type { Config } from "../../config.ts";

/**
 * LINE's OpenID Connect code flow with PKCE (docs/security.md "LINE login and linking"), on maintained libraries:
 * `openid-client` builds the authorize URL, exchanges the code (client_secret_post, the PKCE verifier) and checks
 * the ID token's claims (issuer, audience, expiry, issued-at, nonce, subject, and that its header says HS256).
 * LINE signs ID tokens with the channel secret (HS256), a symmetric signature openid-client does not verify (it
 * relies on TLS to the token endpoint for that, as OIDC Core 3.1.3.7 allows), so `jose` verifies the signature
 * with the channel secret on top, with no clock leeway: a token signed with any other key, or expired, is
 * refused even when it came over TLS.
 */

export type LineConfig = NonNullable<Config["line"]>;

/** PKCE (RFC 7636): a random 64-character verifier and its S256 challenge. */
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

/** The scopes asked of LINE: the ID token, the display name and picture, and the email when the member allows. */
const SCOPE = "openid profile email";
/** Seconds a call to LINE may take. */
const TIMEOUT_SECONDS = 10;

/** openid-client's view of the LINE channel (no discovery: the endpoints come from the configuration). */
export function lineClient(line: LineConfig): client.Configuration {
  const config = new client.Configuration(
    { issuer: line.issuer, authorization_endpoint: line.authorizeUrl, token_endpoint: line.tokenUrl },
    line.channelId,
    { id_token_signed_response_alg: "HS256" },
    client.ClientSecretPost(line.channelSecret),
  );
  config.timeout = TIMEOUT_SECONDS;
  // Production refuses http:// provider URLs at start (server/config.ts); a stand-in for LINE in tests and the
  // demo may use one.
  if (new URL(line.tokenUrl).protocol === "http:") client.allowInsecureRequests(config);
  return config;
}

/** Where the app sends the player: LINE's authorize URL with state, nonce and the S256 challenge. */
export function authorizeUrl(
  config: client.Configuration,
  line: LineConfig,
  flow: { state: string; nonce: string; challenge: string },
): string {
  return client
    .buildAuthorizationUrl(config, {
      response_type: "code",
      redirect_uri: line.redirectUri,
      scope: SCOPE,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: flow.challenge,
      code_challenge_method: "S256",
    })
    .toString();
}

/**
 * Exchanges the callback's code for LINE's tokens and returns the ID token's claims once both checks pass:
 * openid-client's (claims, nonce, state) and jose's (the HS256 signature with the channel secret, zero leeway).
 * Throws IdTokenError for a token jose refuses; anything else (LINE unreachable or refusing the code, a token
 * openid-client refuses) throws what openid-client threw. The caller answers every one of them the same way.
 */
export async function exchangeCode(
  config: client.Configuration,
  line: LineConfig,
  callback: { code: string; state: string; verifier: string; nonce: string },
): Promise<IdTokenClaims> {
  const current = new URL(line.redirectUri);
  current.searchParams.set("code", callback.code);
  current.searchParams.set("state", callback.state);
  const tokens = await client.authorizationCodeGrant(config, current, {
    pkceCodeVerifier: callback.verifier,
    expectedState: callback.state,
    expectedNonce: callback.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.id_token;
  if (!idToken) throw new IdTokenError("missing");
  return verifyIdToken(idToken, {
    secret: line.channelSecret,
    issuer: line.issuer,
    audience: line.channelId,
  });
}

/** The HS256 signature with the channel secret (the only algorithm accepted), issuer, audience and expiry. */
export async function verifyIdToken(
  idToken: string,
  expected: { secret: string; issuer: string; audience: string },
): Promise<IdTokenClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, new TextEncoder().encode(expected.secret), {
      algorithms: ["HS256"],
      issuer: expected.issuer,
      audience: expected.audience,
      clockTolerance: 0,
    }));
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) throw new IdTokenError(err.code);
    throw err;
  }
  const { sub, name, email, picture } = payload;
  if (typeof sub !== "string" || sub.length === 0 || sub.length > 100) throw new IdTokenError("subject");
  return {
    sub,
    ...(typeof name === "string" ? { name } : {}),
    ...(typeof email === "string" ? { email } : {}),
    ...(typeof picture === "string" ? { picture } : {}),
  };
}
