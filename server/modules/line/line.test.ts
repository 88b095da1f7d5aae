import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createTestApp, type TestApp, tokenOf } from "../../test/harness.ts";

const CHANNEL_ID = "1650000000";
const CHANNEL_SECRET = "line-channel-secret-for-tests";
const ISSUER = "https://access.line.me";
const REDIRECT = "http://localhost:8080/login/line/auth";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
function idToken(claims: Record<string, unknown>, secret = CHANNEL_SECRET, alg = "HS256") {
  const head = b64({ alg, typ: "JWT" });
  const body = b64(claims);
  const signature = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${signature}`;
}

/**
 * Stands in for LINE's token endpoint. The test decides what the next exchange returns; the server's request
 * (code, verifier, secret) is recorded to check PKCE.
 */
function fakeTokenEndpoint() {
  const requests: URLSearchParams[] = [];
  let next: (form: URLSearchParams) => { status: number; body: unknown } = () => ({ status: 400, body: {} });
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      requests.push(form);
      const { status, body } = next(form);
      res.statusCode = status;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    });
  });
  return {
    server,
    requests,
    respond(fn: typeof next) {
      next = fn;
    },
  };
}

describe("LINE login (OIDC code flow with PKCE)", () => {
  let t: TestApp;
  const endpoint = fakeTokenEndpoint();

  beforeAll(async () => {
    await new Promise<void>((resolve) => endpoint.server.listen(0, "127.0.0.1", resolve));
    const port = (endpoint.server.address() as AddressInfo).port;
    t = await createTestApp({
      LINE_CHANNEL_ID: CHANNEL_ID,
      LINE_CHANNEL_SECRET: CHANNEL_SECRET,
      LINE_REDIRECT_URI: REDIRECT,
      LINE_TOKEN_URL: `http://127.0.0.1:${port}/token`,
    });
  });
  afterAll(async () => {
    await t.close();
    endpoint.server.close();
  });

  async function start(body: Record<string, unknown> = {}, token?: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users.line-login.start",
      payload: body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().authorizeUrl);
    const setCookie = String(res.headers["set-cookie"]);
    // The browser's cookie jar, for the callback: name=value only.
    const cookie = setCookie.split(";")[0] as string;
    return { url, state: url.searchParams.get("state") as string, cookie, setCookie };
  }

  async function signup(userName: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users.signup",
      payload: { userName, password: "Secret#123", phoneNumber: "0812345678" },
    });
    return tokenOf(res) as string;
  }

  /** The LINE callback as the browser sends it: with the flow's cookie (`browser`) unless told otherwise. */
  async function finish(
    flow: { state: string; cookie: string | null },
    claims: Record<string, unknown> | ((nonce: string) => string),
    token?: string,
  ) {
    const { state } = flow;
    const row = await t.database.db
      .selectFrom("oauth_states")
      .selectAll()
      .where("state", "=", state)
      .executeTakeFirst();
    const nonce = row?.nonce ?? "";
    // As LINE answers a code exchange (an OAuth token response always has access_token and token_type).
    endpoint.respond(() => ({
      status: 200,
      body: {
        access_token: "line-access-token",
        token_type: "Bearer",
        expires_in: 2592000,
        scope: "openid profile email",
        id_token: typeof claims === "function" ? claims(nonce) : idToken({ nonce, ...claims }),
      },
    }));
    return t.app.inject({
      method: "POST",
      url: "/api/users.line-login",
      payload: { code: "auth-code-1", state },
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(flow.cookie ? { cookie: flow.cookie } : {}),
      },
    });
  }

  const validClaims = (sub: string) => ({
    iss: ISSUER,
    aud: CHANNEL_ID,
    sub,
    exp: Math.floor(Date.now() / 1000) + 600,
    iat: Math.floor(Date.now() / 1000),
    name: "Somchai LINE",
    email: "somchai@line.example",
  });

  it("sends the player to LINE with state, nonce and an S256 PKCE challenge", async () => {
    const { url, state } = await start();
    expect(`${url.origin}${url.pathname}`).toBe("https://access.line.me/oauth2/v2.1/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: CHANNEL_ID,
      redirect_uri: REDIRECT,
      scope: "openid profile email",
      code_challenge_method: "S256",
    });
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  });

  it("creates a member on first login, then logs the same member in; the code exchange carries the verifier", async () => {
    const referrer = await t.app.inject({
      method: "POST",
      url: "/api/users.signup",
      payload: { userName: "linereferrer1", password: "Secret#123", phoneNumber: "0812345678" },
    });
    const afSlug = referrer.json().userInfo.afSlug;
    const first = await start({ slug: afSlug });
    const created = await finish(first, validClaims("U-line-1"));
    expect(created.statusCode).toBe(201);
    expect(tokenOf(created)).toBeTruthy();
    expect(created.json().userInfo).toMatchObject({
      name: "Somchai LINE",
      email: "somchai@line.example",
      lineUid: "U-line-1",
      phoneNumber: null,
    });
    expect(created.json().userInfo.userName).toMatch(/^line[a-z0-9]{10}$/);
    const exchange = endpoint.requests.at(-1);
    expect(exchange?.get("code_verifier")).toMatch(/^[\w-]{64}$/);
    expect(exchange?.get("client_secret")).toBe(CHANNEL_SECRET);
    const row = await t.database.db
      .selectFrom("members")
      .selectAll()
      .where("line_uid", "=", "U-line-1")
      .executeTakeFirstOrThrow();
    expect(row.slug).toBe(afSlug);
    expect(row.referred_by).not.toBeNull();

    const again = await start();
    const login = await finish(again, validClaims("U-line-1"));
    expect(login.statusCode).toBe(200);
    expect(login.json().userInfo.userName).toBe(created.json().userInfo.userName);
  });

  it("refuses a replayed or unknown state", async () => {
    const flow = await start();
    const { state } = flow;
    expect((await finish(flow, validClaims("U-line-2"))).statusCode).toBe(201);
    const replay = await t.app.inject({
      method: "POST",
      url: "/api/users.line-login",
      payload: { code: "x", state },
      headers: { cookie: flow.cookie },
    });
    expect(replay.json()).toEqual({
      code: "LINE_LOGIN_FAILED",
      message: "LINE login could not be completed. Please try again.",
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/users.line-login",
      payload: { code: "x", state: "z".repeat(43) },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("refuses ID tokens with a wrong nonce, audience, issuer, signature, algorithm or expiry", async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad: ((nonce: string) => string)[] = [
      () => idToken({ ...validClaims("U-x"), nonce: "not-the-nonce" }),
      (nonce) => idToken({ ...validClaims("U-x"), nonce, aud: "someone-else" }),
      (nonce) => idToken({ ...validClaims("U-x"), nonce, iss: "https://evil.example" }),
      (nonce) => idToken({ ...validClaims("U-x"), nonce }, "wrong-secret-wrong-secret"),
      (nonce) => idToken({ ...validClaims("U-x"), nonce }, CHANNEL_SECRET, "none"),
      (nonce) => idToken({ ...validClaims("U-x"), nonce, exp: now - 1 }),
    ];
    for (const make of bad) {
      const res = await finish(await start(), make);
      expect(res.json().code).toBe("LINE_LOGIN_FAILED");
    }
    const none = await t.database.db
      .selectFrom("members")
      .select("id")
      .where("line_uid", "=", "U-x")
      .execute();
    expect(none).toEqual([]);
  });

  it("connects LINE to the logged-in member who confirms with the PIN, and never to a second one", async () => {
    const tokenA = await signup("lineconnect1");
    const connect = { connect: true, password: "Secret#123" };
    const link = await finish(await start(connect, tokenA), validClaims("U-line-3"), tokenA);
    expect(link.json()).toMatchObject({
      linked: true,
      userInfo: { userName: "lineconnect1", lineUid: "U-line-3" },
    });

    const tokenB = await signup("lineconnect2");
    const conflict = await finish(await start(connect, tokenB), validClaims("U-line-3"), tokenB);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe("LINE_ALREADY_LINKED");
  });

  it("sets the flow's cookie HttpOnly, SameSite=Lax, for the callback only, and clears it at the callback", async () => {
    const flow = await start();
    expect(flow.setCookie).toMatch(
      /^lottoup_line_flow=[\w-]{43}; Max-Age=600; Path=\/api\/users\.line-login; HttpOnly; SameSite=Lax$/,
    );
    const row = await t.database.db
      .selectFrom("oauth_states")
      .select("browser_hash")
      .where("state", "=", flow.state)
      .executeTakeFirstOrThrow();
    // Only the hash is stored: a copy of the database does not let anyone finish someone else's flow.
    expect(row.browser_hash).not.toContain(flow.cookie.split("=")[1]);
    const done = await finish(flow, validClaims("U-line-cookie"));
    expect(done.statusCode).toBe(201);
    expect(String(done.headers["set-cookie"])).toMatch(
      /^lottoup_line_flow=; Max-Age=0; Path=\/api\/users\.line-login;/,
    );
  });

  it("refuses a callback opened in another browser: a victim who is logged in gets nothing linked or logged in", async () => {
    // The attacker starts a flow in their own browser and signs in to LINE, then sends the callback link on.
    const attackers = await start();
    const victim = await signup("linevictim1");
    const victimsOwnFlow = await start();
    for (const cookie of [null, victimsOwnFlow.cookie, "lottoup_line_flow=forged"]) {
      const flow = cookie === null ? attackers : await start();
      const res = await finish({ state: flow.state, cookie }, validClaims("U-attacker"), victim);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: "LINE_OTHER_BROWSER",
        message:
          "This LINE login was started in another browser or has expired. Please start again from this page.",
      });
      expect(tokenOf(res)).toBeUndefined();
    }
    const linked = await t.database.db
      .selectFrom("members")
      .select(["user_name", "line_uid"])
      .where("line_uid", "=", "U-attacker")
      .execute();
    expect(linked).toEqual([]);
    const info = await t.app.inject({
      method: "GET",
      url: "/api/users-infos",
      headers: { authorization: `Bearer ${victim}` },
    });
    expect(info.json().lineUid ?? null).toBeNull();
    // Even the right cookie cannot finish a flow the refusal already used up.
    expect((await finish(attackers, validClaims("U-attacker"))).json().code).toBe("LINE_LOGIN_FAILED");
  });

  it("links only a flow started with the member's PIN: a login flow never links, a wrong PIN starts nothing", async () => {
    const token = await signup("linepinmember1");
    const loginFlow = await finish(await start(), validClaims("U-line-pin"), token);
    // Without the PIN at the start it is a LINE login: a separate account, not a link to this member.
    expect(loginFlow.statusCode).toBe(201);
    expect(loginFlow.json().userInfo.userName).not.toBe("linepinmember1");

    const startWith = (body: Record<string, unknown>, bearer?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/users.line-login.start",
        payload: body,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    expect((await startWith({ connect: true }, token)).json().code).toBe("PIN_REQUIRED");
    expect((await startWith({ connect: true, password: "Wrong#1234" }, token)).json().code).toBe("PIN_WRONG");
    expect((await startWith({ connect: true, password: "Secret#123" })).statusCode).toBe(401);
    const states = await t.database.db
      .selectFrom("oauth_states")
      .select("state")
      .where("member_id", "is not", null)
      .execute();
    expect(states).toEqual([]);
  });

  it("is hidden and absent without configuration", async () => {
    expect(loadConfig({}).line).toBeNull();
    expect(() => loadConfig({ LINE_CHANNEL_ID: CHANNEL_ID })).toThrow(/set all three/);
    const plain = await createTestApp();
    expect(
      (await plain.app.inject({ method: "POST", url: "/api/users.line-login.start", payload: {} }))
        .statusCode,
    ).toBe(404);
    expect((await plain.app.inject({ method: "GET", url: "/api/app-config" })).json().lineLogin).toBe(false);
    await plain.close();
  });
});
