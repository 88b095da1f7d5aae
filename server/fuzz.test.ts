import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observeSchemas } from "./http/validate.ts";
import { checkLedger } from "./ledger/check.ts";
import { lottoupHeaders } from "./modules/games/dialects/lottoup.ts";
import { generateKeyPairPem } from "./standins/hub88/keys.ts";
import { signBody } from "./standins/hub88/signature.ts";
import { createTestApp, engineName, staffTokensFor, type TestApp, tokenOf } from "./test/harness.ts";

/**
 * Every registered route, tried as a hostile client would: each field the route's schemas name gets, in turn,
 * a value of each hostile class below while the other fields stay plausible, so the bad value reaches as deep
 * as the route lets it. Routes are collected through Fastify's onRoute hook, and the fields from the source
 * file that registered each route (and the src/domain schemas it imports), so a new route or field is fuzzed
 * without editing this file. Nothing may answer 5xx, and no money may move.
 */

const SEED = 1212;
/** Values drawn per (route, field, hostile class): enough to vary, few enough for npm test. */
const SAMPLES = 1;
/** Values per class for a route that parses no shared schema (it reads no field, or reads it by hand). */
const BLIND_RUNS = 2;
/** A plausible request slower than this hashes a PIN: such a route is sampled, not tried exhaustively. */
const SLOW_REQUEST_MS = 150;
const SLOW_ROUTE_PAIRS = 14;

const CONTROL_CHARS = [
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
  "\u007f",
  ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)),
];

const hostile = {
  controlChar: fc
    .tuple(fc.constantFrom(...CONTROL_CHARS), fc.constantFrom("abc", "fuzzmember1", "100", "kbank"))
    .map(([c, text]) => `${text.slice(0, 2)}${c}${text.slice(2)}`),
  nul: fc.constantFrom("\u0000", "abc\u0000", "fuzzmember1\u0000x", "1\u0000"),
  oddUnicode: fc.constantFrom("\ud800", "a\udfffb", "\ufffe", "ab\u202ecd", "x\u2028y", "\ufeff"),
  hugeString: fc.constantFrom(
    "a".repeat(6_000),
    "7".repeat(20_000),
    "ก".repeat(3_000),
    "x".repeat(4_000),
    `https://${"a".repeat(5_000)}.example`,
  ),
  outOfRange: fc.constantFrom(
    2_147_483_648,
    -2_147_483_649,
    1e21,
    -1,
    2 ** 53 + 2,
    "2147483648",
    "99999999999999999999",
    "1e21",
    "-1",
    1e308,
  ),
  nonInteger: fc.constantFrom(1.5, "1.5", 0.1, "NaN", "Infinity", "-0", "0x10", "1e3", " 1"),
  malformedAmount: fc.constantFrom(
    "100,00",
    "4,9,0",
    "4,9,0,0,0",
    ",5",
    "1,0000",
    "1,000,00",
    "1,,000",
    "100,",
  ),
  wrongType: fc.constantFrom(true, false, null, 0, "", 12345, "true"),
  arrayOrObject: fc.constantFrom([], ["1"], [1, 2], {}, { a: 1 }, { $gt: "" }, [[["x"]]]),
  protoKey: fc.constantFrom(
    { __proto__: null, polluted: true },
    { constructor: { prototype: { polluted: true } } },
    "__proto__",
    "constructor",
  ),
} satisfies Record<string, fc.Arbitrary<unknown>>;
type HostileClass = keyof typeof hostile;
const hostileValues = (name: HostileClass) => hostile[name] as fc.Arbitrary<unknown>;

/** Plausible values for the fields the schemas name; a field not listed gets "1". */
function baselineFor(identity: Identity, openRoundId: string): Record<string, unknown> {
  // Staff act on rows that do not exist (so no fuzzed request may legitimately move money); members on real rounds.
  const ref = identity === "staff" ? "987654321" : openRoundId;
  return {
    userName: "nosuchmember1",
    password: "Wrong#Pass1",
    oldPassword: "Wrong#Pass1",
    newPassword: "Secret#1234",
    phoneNumber: "0899999999",
    otpCode: "123456",
    refOtpCode: "ABCD",
    name: "Somchai Jaidee",
    email: "a@example.com",
    lineId: "lineid",
    avatar: "avatar-1",
    agentId: 2,
    refUid: 0,
    referUrl: "https://example.com/",
    registerFromDomain: "example.com",
    slug: "slug",
    employeeSlug: "emp",
    amount: "100",
    price: "1",
    idempotencyKey: randomUUID(),
    id: "987654321",
    bankId: "987654321",
    depositId: "987654321",
    resultId: "987654321",
    lineIdRef: "987654321",
    betId: ref,
    before: "987654321",
    limit: 10,
    betType: "3top",
    betGroup: "government",
    betName: "fuzz",
    option: "3top",
    number: "123",
    multiply: "900",
    add: 1,
    lines: [{ option: "3top", number: "123", price: "1", multiply: "900" }],
    yingNumber: "12345",
    bankCode: "kbank",
    bankAccountNumber: "1234567890",
    bankAccountName: "Somchai Jaidee",
    accountNumber: "1234567890",
    accountName: "Somchai Jaidee",
    promptpayId: "0812345678",
    channel: "kbank",
    channelName: "K PLUS",
    channels: ["normal"],
    active: true,
    depositAt: new Date().toISOString(),
    voucherUrl: "https://gift.truemoney.com/campaign/?v=abc",
    reason: "fuzz reason",
    note: "fuzz note",
    q: "fuzz",
    uuid: randomUUID(),
    status: 0,
    type: "ADMIN_INCREASE",
    code: "code",
    state: "state",
    token: "fuzz-push-token-0123456789",
    deviceId: "device-0123456789",
    provider: "local",
    locale: "th",
    period: "day",
    group: "all",
    startedDate: "2026-01-01",
    endedDate: "2026-01-02",
    resultDate: "2026-01-01",
    family: "government",
    payload: { first: "123456" },
    poyListJson: "[]",
    signOutOthers: false,
    // Game providers' callbacks (hub88 names; the lottoup dialect's ids otherwise default to "1").
    user: randomUUID(),
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: randomUUID(),
    currency: "THB",
    round: "fuzz-round",
    game_code: "fuzz-game",
  };
}

type Identity = "guest" | "member" | "staff";

/**
 * Game providers' callbacks (`/api/providers/<code>/…`) authenticate by signature, never by session, and answer
 * HTTP 200 with their dialect's status: they are sent signed (so a hostile value reaches their schemas) and,
 * in a test of their own, unsigned or mis-signed. Hub88 is configured with throwaway keys so its routes exist.
 */
const HUB88_KEYS = generateKeyPairPem();
const isCallback = (route: FuzzRoute) => route.url.startsWith("/api/providers/");
const DIALECT_STATUSES: Record<string, { ok: string; signature: string; unreadable: string }> = {
  lottoup: { ok: "OK", signature: "INVALID_SIGNATURE", unreadable: "INVALID_REQUEST" },
  hub88: { ok: "RS_OK", signature: "RS_ERROR_INVALID_SIGNATURE", unreadable: "RS_ERROR_WRONG_SYNTAX" },
};
const dialectOf = (route: FuzzRoute) => DIALECT_STATUSES[route.url.split("/")[3] ?? ""];

function callbackHeaders(route: FuzzRoute, payload: string, signing: "signed" | "unsigned" | "wrong") {
  if (signing === "unsigned") return {};
  const code = route.url.split("/")[3];
  if (code === "hub88") {
    const signature = signBody(signing === "wrong" ? `${payload} ` : payload, HUB88_KEYS.privateKey);
    return { "x-hub88-signature": signature };
  }
  const secret =
    signing === "wrong" ? "a-secret-that-is-not-the-providers-0123456789" : t.config.games.originalsSecret;
  const { "content-type": _, ...headers } = lottoupHeaders(secret, payload);
  return headers;
}

/** Why a callback's answer is wrong for a request that must move nothing (null: it is right). */
function callbackProblem(route: FuzzRoute, res: { statusCode: number; body: string }, allowed?: string[]) {
  const dialect = dialectOf(route);
  const json = safeJson(res.body);
  if (res.statusCode !== 200) return `HTTP ${res.statusCode}, not 200`;
  if (!dialect || typeof json?.status !== "string") return "no dialect status";
  if (json.status === dialect.ok) return "accepted";
  if (allowed && !allowed.includes(json.status)) return `${json.status}, not ${allowed.join(" or ")}`;
  return null;
}

interface FuzzRoute {
  method: "GET" | "POST";
  url: string;
}

let t: TestApp;
const routes: FuzzRoute[] = [];
const tokens: Record<Identity, string | undefined> = {
  guest: undefined,
  member: undefined,
  staff: undefined,
};
let openRoundId = "987654321";

beforeAll(async () => {
  t = await createTestApp(
    {
      HUB88_API_URL: "https://hub88.fuzz.invalid",
      HUB88_OPERATOR_ID: "1",
      HUB88_PUBLIC_KEY: HUB88_KEYS.publicKey,
      HUB88_PRIVATE_KEY: HUB88_KEYS.privateKey,
    },
    {
      games: { jobs: false },
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods as string[]) {
          if ((method === "GET" || method === "POST") && !route.url.includes("*"))
            routes.push({ method, url: route.url });
        }
      },
    },
  );
  // Logging out ends the session the other routes use: those routes go last.
  routes.sort((a, b) => Number(a.url.includes("logout")) - Number(b.url.includes("logout")));

  const signup = await t.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName: "fuzzmember1", password: "Secret#123", phoneNumber: "0812345678" },
  });
  tokens.member = tokenOf(signup) as string;
  tokens.staff = (await staffTokensFor(t, [["fuzzadmin1", "super_admin"]])).super_admin;
  const round = await t.database.db
    .selectFrom("lotto_rounds")
    .select("id")
    .where("status", "=", "open")
    .orderBy("id")
    .executeTakeFirst();
  if (round) openRoundId = String(round.id);
}, 180_000);
afterAll(async () => t.close());

/** What must not change under hostile input: every balance, the transfers, payouts, approvals, slips. */
async function moneySnapshot() {
  const { db } = t.database;
  const count = async (table: "ledger_transfers" | "withdrawals" | "poys") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const balances = await db
    .selectFrom("ledger_accounts")
    .select(["id", "balance", "held"])
    .orderBy("id")
    .execute();
  const approved = await db
    .selectFrom("deposits")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "=", "approved")
    .executeTakeFirstOrThrow();
  return {
    // Accounts are opened lazily (a first balance read opens one at zero): only money in them counts.
    balances: balances
      .filter((b) => b.balance !== 0n || b.held !== 0n)
      .map((b) => `${b.id}:${b.balance}:${b.held}`),
    transfers: await count("ledger_transfers"),
    withdrawals: await count("withdrawals"),
    slips: await count("poys"),
    approvedDeposits: Number(approved.n),
  };
}

function send(
  route: FuzzRoute,
  identity: Identity,
  body: Record<string, unknown> | string,
  signing: "signed" | "unsigned" | "wrong" = "signed",
) {
  const token = tokens[identity];
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (isCallback(route)) {
    const payload = typeof body === "string" ? body : JSON.stringify(body);
    return t.app.inject({
      method: "POST",
      url: route.url,
      headers: { "content-type": "application/json", ...callbackHeaders(route, payload, signing) },
      payload,
    });
  }
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = typeof body === "string" ? "x" : body[name];
    return encodeURIComponent(typeof value === "string" ? value : JSON.stringify(value ?? "x"));
  });
  if (route.method === "GET") {
    const query = new URLSearchParams();
    if (typeof body !== "string") {
      for (const [key, value] of Object.entries(body)) {
        if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
        else if (value !== null && typeof value === "object") query.append(key, JSON.stringify(value));
        else query.append(key, String(value));
      }
    }
    return t.app.inject({ method: "GET", url: `${url}?${query}`, headers });
  }
  return t.app.inject({
    method: "POST",
    url,
    headers: { ...headers, "content-type": "application/json" },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The fields a route's schemas declare, learnt from parseWith while the plausible body is sent. */
async function fieldsRead(route: FuzzRoute, identity: Identity, plausible: Record<string, unknown>) {
  const seen = new Set<string>();
  const stop = observeSchemas((fields) => {
    for (const field of fields) seen.add(field);
  });
  const started = performance.now();
  try {
    await send(route, identity, plausible);
  } finally {
    stop();
  }
  return { read: [...seen].sort(), slow: performance.now() - started > SLOW_REQUEST_MS };
}

/** The identity a route answers past its authentication check (guest for public routes). */
async function identityOf(route: FuzzRoute): Promise<Identity> {
  if (isCallback(route)) return "guest";
  for (const identity of ["member", "staff"] as const) {
    const res = await send(route, identity, {});
    if (res.statusCode !== 401 && res.statusCode !== 403) return identity;
  }
  return "guest";
}

describe(`every route under hostile input (${engineName})`, () => {
  it("answers 4xx { code, message } (never 5xx) for every hostile class in every field, and moves no money", async () => {
    expect(routes.length).toBeGreaterThan(80);
    const before = await moneySnapshot();
    const failures: string[] = [];
    const record = (route: FuzzRoute, what: string, status: number, text: string) =>
      failures.push(`${route.method} ${route.url} ${what} -> ${status} ${text.slice(0, 160)}`);
    const classes = Object.keys(hostile) as HostileClass[];

    for (const [routeIndex, route] of routes.entries()) {
      const identity = await identityOf(route);
      const baseline = baselineFor(identity, openRoundId);
      const plausible = baseline;
      const started = performance.now();
      let sent = 0;
      // A new operation each time: a repeated key would replay the first answer instead of reading the body.
      const fresh = (body: Record<string, unknown>) =>
        "idempotencyKey" in body && body.idempotencyKey === plausible.idempotencyKey
          ? { ...body, idempotencyKey: randomUUID() }
          : body;
      const attempt = async (
        field: string,
        name: HostileClass,
        value: unknown,
        body = withHostile(plausible, field, value),
      ) => {
        const res = await send(route, identity, fresh(body));
        sent++;
        const what = `${identity} ${field}=${name}`;
        const callback = isCallback(route) ? callbackProblem(route, res) : null;
        if (isCallback(route)) {
          if (callback) record(route, `${what} (signed callback: ${callback})`, res.statusCode, res.body);
        } else if (res.statusCode >= 500) record(route, what, res.statusCode, res.body);
        else if (res.statusCode >= 400) {
          const json = safeJson(res.body);
          if (typeof json?.code !== "string" || typeof json?.message !== "string")
            record(route, `${what} (not { code, message })`, res.statusCode, res.body);
        } else if (name === "malformedAmount" && (field === "amount" || field === "price"))
          record(route, `${what} (malformed amount accepted)`, res.statusCode, res.body);
      };
      const { read, slow } = await fieldsRead(route, identity, plausible);
      if (read.length > 0) {
        // Every class in every field the route reads, one drawn value each (the seed varies it per route). A route
        // that hashes a PIN (0.3 s a request, more on a busy machine) gets SLOW_ROUTE_PAIRS of them instead, in a
        // seeded order that takes every class before any twice.
        const combos = read.flatMap((field, fieldIndex) =>
          classes.map((name, classIndex) => ({
            field,
            name,
            seed: SEED + routeIndex * 7919 + fieldIndex * 104_729 + classIndex,
          })),
        );
        const order =
          fc.sample(fc.shuffledSubarray(combos, { minLength: combos.length }), {
            numRuns: 1,
            seed: SEED + routeIndex,
          })[0] ?? [];
        const rounds = order.map((combo) => order.filter((c) => c.name === combo.name).indexOf(combo));
        const chosen = slow
          ? order
              .map((combo, i) => ({ combo, round: rounds[i] ?? 0 }))
              .sort((a, b) => a.round - b.round)
              .slice(0, SLOW_ROUTE_PAIRS)
              .map(({ combo }) => combo)
          : order;
        for (const { field, name, seed } of chosen) {
          for (const value of fc.sample(hostileValues(name), { numRuns: SAMPLES, seed }))
            await attempt(field, name, value);
        }
      } else {
        // The route parses no shared schema (it reads no field, or reads its own by hand): every field at once gets
        // a value of each class.
        for (const [classIndex, name] of classes.entries()) {
          const seed = SEED + routeIndex * 7919 + classIndex;
          for (const value of fc.sample(hostileValues(name), { numRuns: BLIND_RUNS, seed })) {
            const body = Object.fromEntries(Object.keys(plausible).map((field) => [field, value]));
            await attempt("every field", name, value, body);
          }
        }
      }
      // The body itself hostile: not an object, prototype keys at the top, malformed JSON.
      if (route.method === "POST") {
        for (const raw of [
          "[]",
          '"text"',
          "null",
          "1e999",
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
          '{"a":',
          "\u0000",
        ]) {
          const res = await send(route, identity, raw);
          const callback = isCallback(route) ? callbackProblem(route, res) : null;
          if (res.statusCode >= 500 || callback)
            record(
              route,
              `${identity} body=${JSON.stringify(raw)} ${callback ?? ""}`,
              res.statusCode,
              res.body,
            );
        }
      }
      if (process.env.FUZZ_DEBUG)
        console.log(
          `${route.method} ${route.url} ${identity} read=${read.join(",")} sent=${sent} ms=${Math.round(performance.now() - started)}`,
        );
    }

    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(failures, failures.join("\n")).toEqual([]);
    expect(routes.filter(isCallback).length).toBe(10);
    expect(await moneySnapshot()).toEqual(before);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 900_000);

  it("answers every unsigned or mis-signed callback with its dialect's error (200, never 5xx) and moves no money", async () => {
    const before = await moneySnapshot();
    const failures: string[] = [];
    const callbacks = routes.filter(isCallback);
    for (const [routeIndex, route] of callbacks.entries()) {
      const dialect = dialectOf(route);
      if (!dialect) throw new Error(`no dialect for ${route.url}`);
      const plausible = baselineFor("guest", openRoundId);
      const bodies: (Record<string, unknown> | string)[] = [plausible, "[]", "null", '{"a":', "\u0000", ""];
      for (const [classIndex, name] of (Object.keys(hostile) as HostileClass[]).entries()) {
        for (const value of fc.sample(hostileValues(name), {
          numRuns: BLIND_RUNS,
          seed: SEED + routeIndex * 31 + classIndex,
        }))
          bodies.push(Object.fromEntries(Object.keys(plausible).map((field) => [field, value])));
      }
      for (const body of bodies) {
        for (const signing of ["unsigned", "wrong"] as const) {
          const res = await send(route, "guest", body, signing);
          // A body over the size limit is refused before its signature is read: the dialect's generic error.
          const problem = callbackProblem(route, res, [dialect.signature, dialect.unreadable]);
          if (problem)
            failures.push(
              `${route.url} ${signing} ${JSON.stringify(body).slice(0, 60)} -> ${problem}: ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
    expect(await moneySnapshot()).toEqual(before);
    expect(await checkLedger(t.database.db)).toEqual([]);
  }, 300_000);
});

/** The plausible body with `field` (wherever it appears, also inside nested lines) replaced by `value`. */
function withHostile(
  plausible: Record<string, unknown>,
  field: string,
  value: unknown,
): Record<string, unknown> {
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) out[key] = key === field ? value : replace(child);
    return out;
  };
  const body = replace(plausible) as Record<string, unknown>;
  if (value === "__proto__" || value === "constructor") {
    // A prototype name as a key, next to the field.
    const rest = JSON.stringify(body).slice(1);
    return JSON.parse(`{${JSON.stringify(value)}:{"polluted":true}${rest === "}" ? "" : ","}${rest}`);
  }
  return body;
}

function safeJson(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
