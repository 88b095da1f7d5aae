/**
 * Bundle-size budget: loads the landing route of the production build in Chromium (service worker blocked,
 * so precaching does not count) and sums the gzip size of every JavaScript file the page fetched.
 * Fails above the budget. Run after `npm run build`: `npm run size`.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { launchOptions } from "../e2e/browser.ts";

const BUDGET_BYTES = 130 * 1000;
const DIST = "dist";

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (!existsSync(join(DIST, "index.html"))) {
  console.error("size: no build in dist/; run `npm run build` first");
  process.exit(1);
}

const types: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css",
  ".html": "text/html",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/")).replace(
    /^(\.\.[/\\])+/,
    "",
  );
  let file = join(DIST, path);
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(DIST, "index.html");
  if (path.startsWith("/api")) {
    res
      .writeHead(503, { "content-type": "application/json" })
      .end('{"code":"OFFLINE","message":"size check"}');
    return;
  }
  res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
  res.end(readFileSync(file));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch(launchOptions());
const context = await browser.newContext({ serviceWorkers: "block" });
const page = await context.newPage();
const scripts = new Set<string>();
page.on("request", (request) => {
  const url = new URL(request.url());
  if (url.origin === base && url.pathname.endsWith(".js")) scripts.add(url.pathname);
});
await page.goto(`${base}/`, { waitUntil: "networkidle" });
await page.getByRole("heading", { level: 1 }).waitFor();
await browser.close();
server.close();

let total = 0;
const rows = [...scripts].map((path) => {
  const size = gz(join(DIST, path));
  total += size;
  return { path, size };
});
rows.sort((a, b) => b.size - a.size);
for (const { path, size } of rows) console.log(`${kb(size).padStart(9)}  ${path}`);
console.log(
  `landing route JavaScript: ${kb(total)} gzip in ${rows.length} files (budget ${kb(BUDGET_BYTES)})`,
);

const swSize = gz(join(DIST, "sw.js"));
console.log(`service worker: ${kb(swSize)} gzip`);
const swSource = readFileSync(join(DIST, "sw.js"), "utf8");
const precached = [...swSource.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string);
const precacheBytes = precached.reduce((sum, url) => {
  const file = join(DIST, url);
  return sum + (existsSync(file) ? statSync(file).size : 0);
}, 0);
console.log(`precache: ${precached.length} files, ${kb(precacheBytes)} on disk`);

if (total > BUDGET_BYTES) {
  console.error(`size: landing route JavaScript ${kb(total)} is over the ${kb(BUDGET_BYTES)} budget`);
  process.exit(1);
}
