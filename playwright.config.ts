import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./e2e/browser.ts";

const PORT = Number(process.env.E2E_PORT ?? 4310);
// A new embedded database for every run: the server starts on an empty data directory.
const DATA_DIR = ".tmp/e2e-data";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: launchOptions(),
    serviceWorkers: "allow",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: launchOptions() } }],
  webServer: {
    // The production build served by the real server (npm test builds first).
    command: `rm -rf ${DATA_DIR} && node server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    env: { PORT: String(PORT), DATA_DIR, LOG_LEVEL: "warn" },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
