/**
 * Renders the PNG app icons from the SVG sources in public/icons with headless Chromium.
 * Run after changing an SVG: `npm run icons`. The PNGs are committed; the build does not need a browser.
 */
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { launchOptions } from "../e2e/browser.ts";

const targets = [
  { svg: "public/icons/icon.svg", out: "public/icons/icon-192.png", size: 192 },
  { svg: "public/icons/icon.svg", out: "public/icons/icon-512.png", size: 512 },
  { svg: "public/icons/maskable.svg", out: "public/icons/maskable-512.png", size: 512 },
  { svg: "public/icons/maskable.svg", out: "public/icons/apple-touch-icon.png", size: 180 },
];

const browser = await chromium.launch(launchOptions());
const page = await browser.newPage();
for (const { svg, out, size } of targets) {
  await page.setViewportSize({ width: size, height: size });
  const markup = readFileSync(svg, "utf8").replace("<svg ", `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
  await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`${out} ${size}x${size}`);
}
await browser.close();
