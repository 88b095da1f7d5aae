import { defineConfig, devices } from "@playwright/test";
import { describeChromium, launchOptions } from "./e2e/browser.ts";
import { E2E_APPROVER, E2E_CHECKER, E2E_STAFF, LINE_STAND_IN } from "./e2e/support/constants.ts";

const PORT = Number(process.env.E2E_PORT ?? 4310);
// A new embedded database for every run: the server starts on an empty data directory (one per port, so runs
// on other ports at the same time keep theirs).
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
// Which Chromium (e2e/browser.ts decides: Debian's, else the one npm ci brought), said once, not by every worker.
if (process.env.TEST_WORKER_INDEX === undefined) console.log(describeChromium());

export default defineConfig({
  testDir: "e2e",
  // Per port, so runs on other ports at the same time keep their artifacts (screens go to test-results/screens).
  outputDir: `test-results/run-${PORT}`,
  fullyParallel: true,
  // Three: the yeekee round tests spend minutes waiting for real rounds to be shot and drawn, nearly idle.
  workers: 3,
  retries: 0,
  // Sign-up and login hash PINs with scrypt on purpose; on a 2-core runner under load one hash passed 8 s.
  expect: { timeout: 20_000 },
  // A hang guard, not a speed check. Funding a player now takes two back-office logins (four eyes: one proposes,
  // a second confirms), each a scrypt hash of 7-8 s on a busy 2-core runner, on top of flows of 20-40 s; 60 s
  // ended healthy runs that were still moving (traces show each step answering).
  timeout: 120_000,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: launchOptions(),
    serviceWorkers: "allow",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  // The tests that wait for real rounds are queued first, so their waiting overlaps the rest of the suite.
  projects: [
    {
      name: "rounds",
      testMatch: /yeekee\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], launchOptions: launchOptions() },
    },
    {
      name: "chromium",
      testIgnore: /yeekee\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], launchOptions: launchOptions() },
    },
  ],
  webServer: [
    {
      // LINE's stand-in: a real OpenID Connect provider on this machine.
      command: "node e2e/support/line-stand-in.ts",
      url: `http://localhost:${LINE_STAND_IN.port}/.well-known/openid-configuration`,
      env: { LINE_REDIRECT_URI: `http://localhost:${PORT}/login/line/auth` },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production build served by the real server (npm test builds first), on a new database with one
      // back-office administrator (the wallet specs have staff pay a withdrawal), a second staff member who
      // confirms results the first one enters, and a second administrator who confirms the first one's balance
      // adjustments and large payments (four eyes); then the rounds no test can wait for
      // (scripts/e2e-fixture-rounds.ts: a ping-pong round drawn just after the start).
      command: `rm -rf ${DATA_DIR} && node scripts/staff-create.ts --user ${E2E_STAFF.userName} --role administrator && node scripts/staff-create.ts --user ${E2E_CHECKER.userName} --role staff && node scripts/staff-create.ts --user ${E2E_APPROVER.userName} --role administrator && node scripts/e2e-fixture-rounds.ts && node server/main.ts`,
      url: `http://localhost:${PORT}/api/health`,
      env: {
        PORT: String(PORT),
        // Chosen, as an operator must once DATABASE_URL is set (the caller's environment may have one).
        APP_MODE: "demo",
        DATA_DIR,
        LOG_LEVEL: "warn",
        // Every test signs its players up from this one address; real players come from many.
        SIGNUP_LIMIT_PER_IP: "1000",
        STAFF_PASSWORD: E2E_STAFF.password,
        LINE_CHANNEL_ID: LINE_STAND_IN.channelId,
        LINE_CHANNEL_SECRET: LINE_STAND_IN.channelSecret,
        LINE_REDIRECT_URI: `http://localhost:${PORT}/login/line/auth`,
        LINE_AUTHORIZE_URL: `http://localhost:${LINE_STAND_IN.port}/auth`,
        LINE_TOKEN_URL: `http://localhost:${LINE_STAND_IN.port}/token`,
        LINE_ISSUER: `http://localhost:${LINE_STAND_IN.port}`,
      },
      reuseExistingServer: false,
      // Three staff passwords hashed with scrypt, the migrations and the fixture rounds before the server listens:
      // on a busy 2-core runner that passed a minute.
      timeout: 180_000,
    },
  ],
});
