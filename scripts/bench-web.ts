/**
 * Lighthouse performance metrics (LCP, TBT, CLS and the performance score) for `/` and `/lotto`, in Lighthouse's
 * default mobile emulation (Moto G Power screen, simulated slow 4G and 4× CPU slowdown), using the machine's
 * Chromium, against the production build served by the real server. `/lotto` is measured logged in, with the
 * session cookie set before the run (storage is not reset, or the member would be logged out).
 * `npm run bench` runs it; it needs `npm run build` first.
 */

import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "../e2e/browser.ts";
import { ACCESS_TOKEN_COOKIE } from "../src/lib/session.ts";
import { startProductServer } from "./product-server.ts";

const ROUTES = [
  { path: "/", member: false },
  { path: "/lotto", member: true },
];
const RUNS = 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const server = await startProductServer(4393);
const chrome = await chromeLauncher.launch({
  chromePath: SYSTEM_CHROMIUM,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
try {
  const token = await server.signUp();
  for (const route of ROUTES) {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0];
    if (!context) throw new Error("no default browser context");
    await context.clearCookies();
    if (route.member) {
      await context.addCookies([
        { name: ACCESS_TOKEN_COOKIE, value: encodeURIComponent(token), url: server.base },
      ]);
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
  chrome.kill();
  await server.stop();
}
