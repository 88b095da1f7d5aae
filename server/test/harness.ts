import { randomBytes } from "node:crypto";
import { type App, type AppDeps, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, migrate, openDatabase } from "../db/database.ts";
import { seed, seedDemo } from "../db/seed.ts";
import { memberTokenSetBy, staffTokenSetBy } from "../http/sessionCookies.ts";

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new schema in the PostgreSQL at
 * DATABASE_URL (CI runs the whole server suite both ways).
 */
export async function openTestDatabase(): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  const database = await openDatabase(
    databaseUrl
      ? { databaseUrl, schema: `t_${randomBytes(6).toString("hex")}`, poolSize: 30, dropSchemaOnClose: true }
      : {},
  );
  await migrate(database);
  await seed(database.db);
  return database;
}

export interface TestApp extends App {
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<Omit<AppDeps, "config" | "database">> = {},
): Promise<TestApp> {
  const config = loadConfig({ LOG_LEVEL: "silent", STATIC_DIR: "./.no-static-in-tests", ...env });
  const database = await openTestDatabase();
  if (config.mode === "demo") await seedDemo(database.db);
  const built = await buildApp({ ...overrides, config, database });
  await built.app.ready();
  return {
    ...built,
    config,
    database,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

export const engineName = process.env.DATABASE_URL ? "postgresql" : "pglite";

/**
 * The session token a login answer sets in its HttpOnly cookie (member or staff), for tests that then send it as
 * `Authorization: Bearer` (an inject() response or a fetch Response). Undefined when the answer sets none.
 */
export function tokenOf(res: {
  headers: Record<string, unknown> | { getSetCookie(): string[] };
}): string | undefined {
  const headers = res.headers;
  const setCookie =
    "getSetCookie" in headers && typeof headers.getSetCookie === "function"
      ? headers.getSetCookie()
      : ((headers as Record<string, unknown>)["set-cookie"] as string | string[] | undefined);
  return memberTokenSetBy(setCookie) ?? staffTokenSetBy(setCookie);
}

/** inject() with JSON and an optional bearer token, bound lazily to the app a test file creates in beforeAll. */
export function requestsOf(app: () => TestApp["app"]) {
  const call = (method: "GET" | "POST", url: string, token?: string, payload?: unknown) =>
    app().inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  return {
    call,
    post: (url: string, token: string | undefined, payload: unknown = {}) =>
      call("POST", url, token, payload),
    get: (url: string, token?: string) => call("GET", url, token),
  };
}

/** Back-office accounts of the given roles on this app's database, logged in: role -> token. */
export async function staffTokensFor(
  t: TestApp,
  accounts: readonly (readonly [userName: string, role: "staff" | "administrator" | "super_admin"])[],
): Promise<Record<string, string>> {
  const { createStaff } = await import("../modules/staff/createStaff.ts");
  const tokens: Record<string, string> = {};
  for (const [userName, role] of accounts) {
    await createStaff(t.database.db, { userName, password: "Staff#Pass1", role });
    const login = await t.app.inject({
      method: "POST",
      url: "/api/staff/login",
      payload: { userName, password: "Staff#Pass1" },
    });
    tokens[role] = tokenOf(login) as string;
  }
  return tokens;
}
