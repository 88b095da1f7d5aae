import { existsSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Paths that belong to the API or to socket.io: never answered with the app shell. LOTTOUP Originals' API lives
 * under its pages' prefix (`/external/originals/<game>` are app routes, `/external/originals/api/…` is not).
 */
export const NON_APP_PREFIXES = ["/api", "/poy-api", "/ccu", "/external/originals/api"] as const;

export function isNonAppPath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return NON_APP_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

// The worker, the shell and the manifest must be revalidated on every load or an update never arrives.
function cacheControlFor(filePath: string): string {
  if (/[\\/]assets[\\/]/.test(filePath)) return "public, max-age=31536000, immutable";
  return "no-cache";
}

/**
 * Serves the built PWA from staticDir. Hashed assets are immutable; everything else revalidates. A GET for
 * an app route that is not a file gets the shell (index.html) so the client router can render it.
 * Returns false when there is no build to serve (server tests, or `vite` dev server in front).
 */
export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<boolean> {
  const root = resolve(staticDir);
  if (!existsSync(resolve(root, "index.html"))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ["index.html"],
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header("cache-control", cacheControlFor(filePath));
    },
  });
  return true;
}

export function sendShell(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").sendFile("index.html");
}
