import type { FastifyInstance } from "fastify";
import { isNonAppPath } from "./static.ts";

/** SPEC.md section 2: pages whose path contains 'external' may be embedded by other sites. */
export function isEmbeddablePath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return path.includes("external");
}

const baseCsp = [
  "default-src 'self'",
  "script-src 'self'",
  // React writes style attributes; no inline <style> or script is ever needed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
];

const STATIC_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self)",
  "x-dns-prefetch-control": "off",
};

export interface CspOptions {
  /** reCAPTCHA configured: Google's script and its challenge frame are allowed. */
  recaptcha?: boolean;
  /** A live-chat widget's origin: its script, frames and connections are allowed. */
  liveChatOrigin?: string | undefined;
  /** Push through Firebase: the app registers its token with Google's installation and FCM services. */
  firebase?: boolean;
}

const FIREBASE_CONNECT =
  "https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com";

const RECAPTCHA_SOURCES = "https://www.google.com https://www.gstatic.com";

function csp(embeddable: boolean, options: CspOptions): string {
  const scripts = [options.recaptcha ? RECAPTCHA_SOURCES : "", options.liveChatOrigin ?? ""]
    .filter(Boolean)
    .join(" ");
  const directives = baseCsp.map((d) => {
    if (scripts && d.startsWith("script-src")) return `${d} ${scripts}`;
    if (options.firebase && d.startsWith("connect-src")) {
      return [d, FIREBASE_CONNECT, options.liveChatOrigin].filter(Boolean).join(" ");
    }
    if (
      options.liveChatOrigin &&
      (d.startsWith("connect-src") || d.startsWith("img-src") || d.startsWith("style-src"))
    ) {
      return `${d} ${options.liveChatOrigin}`;
    }
    return d;
  });
  if (scripts) directives.push(`frame-src ${scripts}`);
  if (!embeddable) directives.push("frame-ancestors 'none'");
  return directives.join("; ");
}

/** Security headers on every response, including errors and socket.io's HTTP long-polling. */
export function securityHeaders(url: string, options: CspOptions = {}): Record<string, string> {
  const embeddable = isEmbeddablePath(url);
  return {
    ...STATIC_HEADERS,
    "content-security-policy": csp(embeddable, options),
    ...(embeddable ? {} : { "x-frame-options": "DENY" }),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: CspOptions = {}): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(securityHeaders(request.url, options));
    // API answers (balances, rates, slips) are never kept by the browser's HTTP cache: an old answer served as
    // new would show a stale balance or rate as current. Offline drafting has its own, labelled cache (sw/sw.ts).
    if (isNonAppPath(request.url)) reply.header("cache-control", "no-store");
  });
}
