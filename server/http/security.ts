import type { FastifyInstance } from "fastify";

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
}

const RECAPTCHA_SOURCES = "https://www.google.com https://www.gstatic.com";

function csp(embeddable: boolean, options: CspOptions): string {
  const scripts = [options.recaptcha ? RECAPTCHA_SOURCES : "", options.liveChatOrigin ?? ""]
    .filter(Boolean)
    .join(" ");
  const directives = baseCsp.map((d) => {
    if (scripts && d.startsWith("script-src")) return `${d} ${scripts}`;
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
  });
}
