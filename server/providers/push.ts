import { readFileSync } from "node:fs";
import { importPKCS8, SignJWT } from "jose";

/**
 * Push delivery: one data-only message to one device token. The notification itself is built on the device by
 * the service worker, in the device's language (sw/pushMessages.ts), so the payload is only strings.
 */
export type PushResult =
  | { ok: true }
  /** The provider no longer knows the token (app uninstalled, permission revoked): the token is deleted. */
  | { ok: false; unregistered: true; error: string }
  /** Anything else (network, quota, provider down): tried again later. */
  | { ok: false; unregistered: false; error: string };

export interface PushProvider {
  /** Which tokens it can deliver to: push_tokens.provider. */
  readonly name: "firebase" | "local";
  send(token: string, data: Record<string, string>): Promise<PushResult>;
}

/**
 * The embedded default: accepts every message without sending anything. The sender still records the exact
 * payload per device in the outbox (notification_outbox.deliveries), which is what the demo's in-app list shows
 * and what the end-to-end tests hand to the browser's push service.
 */
export const localPushProvider: PushProvider = {
  name: "local",
  async send() {
    return { ok: true };
  },
};

/** The parts of a Firebase service-account key file the sender needs. */
export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/**
 * FIREBASE_SERVICE_ACCOUNT: the key file's JSON itself, or the path of the file. Throws with a message naming
 * what is wrong (the config loader turns it into a ConfigError).
 */
export function parseServiceAccount(value: string): ServiceAccount {
  let text = value.trim();
  if (!text.startsWith("{")) {
    try {
      text = readFileSync(text, "utf8");
    } catch {
      throw new Error("must be the service account JSON or the path of its file (file not readable)");
    }
  }
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error("is not valid JSON");
  }
  const field = (name: string) => {
    const x = json[name];
    if (typeof x !== "string" || x.length === 0) throw new Error(`has no ${name}`);
    return x;
  };
  if (json.type !== "service_account") throw new Error('is not a service account key ("type")');
  return {
    projectId: field("project_id"),
    clientEmail: field("client_email"),
    privateKey: field("private_key"),
    tokenUri: typeof json.token_uri === "string" ? json.token_uri : "https://oauth2.googleapis.com/token",
  };
}

const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
/** A result told a day late is noise; money events are urgent. */
const WEBPUSH_HEADERS = { Urgency: "high", TTL: String(24 * 60 * 60) };

/** Google's service-account grant lasts an hour; we ask for that (RFC 7523 JWT bearer assertion). */
const ASSERTION_TTL_SECONDS = 3600;

/**
 * Firebase Cloud Messaging through its HTTP v1 API, authorised by a service account: an OAuth2 JWT-bearer grant
 * (RFC 7523) whose RS256 assertion `jose` signs with the account's key, the access token cached until shortly
 * before it expires. This is what firebase-admin does for messaging, without its dependency tree. Data-only
 * messages (docs/decisions.md "Push notifications": a `notification` block would be shown twice). `fcmBase`
 * and `fetchImpl` exist for tests, which stand in for Google.
 */
export function firebasePushProvider(
  account: ServiceAccount,
  options: { fcmBase?: string; fetchImpl?: typeof fetch; now?: () => number } = {},
): PushProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const endpoint = `${options.fcmBase ?? "https://fcm.googleapis.com"}/v1/projects/${encodeURIComponent(account.projectId)}/messages:send`;
  let cached: { token: string; expiresAt: number } | null = null;
  // The key is parsed once (and a malformed one fails at the first send, as the config check already vetted it).
  let signingKey: ReturnType<typeof importPKCS8> | null = null;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - 60_000 > now()) return cached.token;
    signingKey ??= importPKCS8(account.privateKey, "RS256");
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(account.clientEmail)
      .setAudience(account.tokenUri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ASSERTION_TTL_SECONDS)
      .sign(await signingKey);
    const response = await fetchImpl(account.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
        assertion,
      }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      throw new Error(`Google OAuth answered ${response.status}`);
    }
    cached = { token: body.access_token, expiresAt: now() + (body.expires_in ?? 3600) * 1000 };
    return cached.token;
  }

  return {
    name: "firebase",
    async send(token, data) {
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${await accessToken()}` },
          body: JSON.stringify({ message: { token, data, webpush: { headers: WEBPUSH_HEADERS } } }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        return { ok: false, unregistered: false, error: (err as Error).message };
      }
      if (response.ok) return { ok: true };
      if (response.status === 401) cached = null;
      const body = (await response.json().catch(() => ({}))) as {
        error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
      };
      const codes = (body.error?.details ?? []).map((d) => d.errorCode);
      const message = body.error?.message ?? "";
      const error = `FCM ${response.status} ${body.error?.status ?? ""} ${codes.join(",")} ${message}`.trim();
      // UNREGISTERED: the token expired or the app was removed. A malformed token is as dead (the message text is
      // the only place FCM says the token is the invalid argument; the payload here is always well formed).
      const dead =
        codes.includes("UNREGISTERED") ||
        (body.error?.status === "INVALID_ARGUMENT" && /registration token/i.test(message));
      return dead ? { ok: false, unregistered: true, error } : { ok: false, unregistered: false, error };
    },
  };
}
