/**
 * Lighthouse performance metrics (LCP, TBT, CLS and the performance score) for `/` and `/lotto`, in Lighthouse's
 * default mobile emulation (Moto G Power screen, simulated slow 4G and 4× CPU slowdown), in the Chromium the e2e
 * suite uses (e2e/browser.ts: Debian's, else the one npm ci brought), against the production build served by the real server. `/lotto` is measured logged in, with the
 * session cookie set before the run (storage is not reset, or the member would be logged out).
 * `npm run bench` runs it; it needs `npm run build` first.
 */

import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, chromiumBinary, describeChromium } from "../e2e/browser.ts";
import { startProductServer } from "./product-server.ts";

const ROUTES = [
  { path: "/", member: false },
  { path: "/lotto", member: true },
];
const RUNS = 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

console.log(describeChromium());
const browser = chromiumBinary();
// Both stopped in the finally; scripts/server-process.ts also stops the server on a signal or a crash.
const server = await startProductServer(4393);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    ...(browser.executablePath ? { chromePath: browser.executablePath } : {}),
    envVars: { ...process.env, ...browser.env },
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const memberCookies = await server.signUp();
  for (const route of ROUTES) {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0];
    if (!context) throw new Error("no default browser context");
    await context.clearCookies();
    if (route.member) {
      await context.addCookies(memberCookies);
    }
    await cdp.close();
    const samples: { lcp: number; tbt: number; cls: number; score: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.base}${route.path}`, {
        port: chrome.port,
        onlyCategories: ["performance"],
        logLevel: "error",
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${route.path}`);
      if (new URL(lhr.finalDisplayedUrl).pathname !== route.path) {
        throw new Error(`${route.path} ended at ${lhr.finalDisplayedUrl}`);
      }
      samples.push({
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      });
    }
    const lcp = median(samples.map((s) => s.lcp));
    const tbt = median(samples.map((s) => s.tbt));
    const cls = median(samples.map((s) => s.cls));
    const score = median(samples.map((s) => s.score));
    console.log(
      `lighthouse mobile ${route.path.padEnd(7)} LCP ${(lcp / 1000).toFixed(2)} s · TBT ${Math.round(tbt)} ms · CLS ${cls.toFixed(3)} · performance ${score} (median of ${RUNS})`,
    );
  }
} finally {
  chrome?.kill();
  await server.stop();
}
