/**
 * The product as `npm start` serves it (the production build in dist/ by server/main.ts), on a new embedded
 * database in a temporary directory, for scripts that measure it in a browser (size budgets, Lighthouse).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieSetBy } from "../server/http/sessionCookies.ts";
import { MEMBER_SESSION_COOKIE, SESSION_HINT_COOKIE } from "../src/domain/session.ts";
import { type ServerProcess, startServer } from "./server-process.ts";

/** A cookie of a logged-in browser, as Playwright's `addCookies` takes it. */
export interface SessionCookie {
  name: string;
  value: string;
  url: string;
  httpOnly: boolean;
  sameSite: "Strict";
}

export interface ProductServer {
  base: string;
  /**
   * A new member's session cookies, as the sign-up answer sets them: the HttpOnly `accessToken` with the token and
   * the app's readable `sessionHint`.
   */
  signUp(): Promise<SessionCookie[]>;
  /** Ends the server and removes its database; also done by itself on any exit of the script. */
  stop(): Promise<void>;
}

export async function startProductServer(port: number): Promise<ProductServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "lottoup-measure-"));
  // The embedded database, whatever the caller's environment points at.
  const { DATABASE_URL: _ignored, REDIS_URL: _alsoIgnored, ...env } = process.env;
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  let server: ServerProcess;
  try {
    server = await startServer({
      port,
      env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      afterStop: removeData,
    });
  } catch (err) {
    removeData();
    throw err;
  }
  const { base, stop } = server;
  let counter = 0;
  return {
    base,
    stop,
    async signUp() {
      counter += 1;
      const res = await fetch(`${base}/api/users.signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          userName: `measure${Date.now().toString(36)}${counter}`.slice(0, 20),
          password: "Secret#123",
          phoneNumber: "0812345678",
        }),
      });
      const setCookie = res.headers.getSetCookie();
      const token = cookieSetBy(setCookie, MEMBER_SESSION_COOKIE);
      const hint = cookieSetBy(setCookie, SESSION_HINT_COOKIE);
      if (res.status !== 201 || !token || !hint) {
        throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      }
      const cookie = (name: string, value: string, httpOnly: boolean): SessionCookie => ({
        name,
        value,
        url: base,
        httpOnly,
        sameSite: "Strict",
      });
      return [cookie(MEMBER_SESSION_COOKIE, token, true), cookie(SESSION_HINT_COOKIE, hint, false)];
    },
  };
}
