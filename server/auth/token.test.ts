import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AccessClaims,
  signAccessToken,
  TokenError,
  type TokenErrorReason,
  verifyAccessToken,
} from "./token.ts";

const SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
const OTHER_SECRET = "another-secret-0123456789-abcdefghijklmnopqrstuvwx";
const NOW = 1_760_000_000;
const TTL = 900;
const INPUT = {
  sub: "3f0c6a8e-4b7d-4b8e-9a51-0c1d2e3f4a5b",
  sid: "9d7e1c2b-0a4f-4e3d-8c6b-5a4f3e2d1c0b",
  status: 1,
};

const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A token from raw parts, signed with HS256 over them (or with the given signature). */
function forge(
  header: unknown,
  payload: unknown,
  opts: { secret?: string; signature?: string } = {},
): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const signature =
    opts.signature ??
    createHmac("sha256", opts.secret ?? SECRET)
      .update(signingInput)
      .digest("base64url");
  return `${signingInput}.${signature}`;
}

const validClaims = (): AccessClaims => ({
  ...INPUT,
  iat: NOW,
  exp: NOW + TTL,
  aud: "lottoup",
  iss: "lottoup",
});

function reasonOf(run: () => unknown): TokenErrorReason | "no error" {
  try {
    run();
  } catch (err) {
    if (err instanceof TokenError) return err.reason;
    throw err;
  }
  return "no error";
}

describe("access tokens (JWT HS256)", () => {
  const token = signAccessToken(INPUT, SECRET, { ttlSeconds: TTL, now: NOW });

  it("round-trips the claims", () => {
    expect(verifyAccessToken(token, SECRET, NOW)).toEqual(validClaims());
    const [header] = token.split(".");
    expect(JSON.parse(Buffer.from(header ?? "", "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
  });

  it("accepts a token it did not sign itself when the signature and claims are right", () => {
    expect(verifyAccessToken(forge({ alg: "HS256", typ: "JWT" }, validClaims()), SECRET, NOW).sub).toBe(
      INPUT.sub,
    );
    expect(verifyAccessToken(forge({ alg: "HS256" }, validClaims()), SECRET, NOW).sid).toBe(INPUT.sid);
  });

  it("rejects a tampered payload (signature)", () => {
    const [header, , signature] = token.split(".");
    const promoted = `${header}.${b64({ ...validClaims(), status: 0 })}.${signature}`;
    expect(reasonOf(() => verifyAccessToken(promoted, SECRET, NOW))).toBe("signature");
    const otherUser = `${header}.${b64({ ...validClaims(), sub: "someone-else" })}.${signature}`;
    expect(reasonOf(() => verifyAccessToken(otherUser, SECRET, NOW))).toBe("signature");
  });

  it("rejects a wrong secret (signature)", () => {
    expect(reasonOf(() => verifyAccessToken(token, OTHER_SECRET, NOW))).toBe("signature");
    const foreign = signAccessToken(INPUT, OTHER_SECRET, { ttlSeconds: TTL, now: NOW });
    expect(reasonOf(() => verifyAccessToken(foreign, SECRET, NOW))).toBe("signature");
  });

  it("allows HS256 only (algorithm), whatever the signature", () => {
    const claims = validClaims();
    const cases = [
      forge({ alg: "none", typ: "JWT" }, claims, { signature: "" }),
      forge({ alg: "none" }, claims),
      forge({ alg: "NONE" }, claims),
      forge({ alg: "HS512", typ: "JWT" }, claims), // signed with HS256 over the parts: still refused
      forge({ alg: "HS512" }, claims, {
        signature: createHmac("sha512", SECRET)
          .update(`${b64({ alg: "HS512" })}.${b64(claims)}`)
          .digest("base64url"),
      }),
      forge({ alg: "RS256" }, claims),
      forge({ alg: "ES256" }, claims),
      forge({ alg: "hs256" }, claims),
      forge({ typ: "JWT" }, claims),
      forge({ alg: ["HS256"] }, claims),
    ];
    for (const forged of cases)
      expect(
        reasonOf(() => verifyAccessToken(forged, SECRET, NOW)),
        forged,
      ).toBe("algorithm");
  });

  it("expires with zero leeway: valid at exp - 1, expired at exp", () => {
    const exp = NOW + TTL;
    expect(verifyAccessToken(token, SECRET, exp - 1).exp).toBe(exp);
    expect(reasonOf(() => verifyAccessToken(token, SECRET, exp))).toBe("expired");
    expect(reasonOf(() => verifyAccessToken(token, SECRET, exp + 10_000))).toBe("expired");
  });

  it("rejects an iat more than 60 s in the future (not-yet-valid)", () => {
    expect(verifyAccessToken(token, SECRET, NOW - 60).iat).toBe(NOW);
    expect(reasonOf(() => verifyAccessToken(token, SECRET, NOW - 61))).toBe("not-yet-valid");
  });

  it("checks audience and issuer", () => {
    const header = { alg: "HS256", typ: "JWT" };
    const at = (payload: unknown) => reasonOf(() => verifyAccessToken(forge(header, payload), SECRET, NOW));
    expect(at({ ...validClaims(), aud: "someone-else" })).toBe("audience");
    expect(at({ ...validClaims(), aud: ["lottoup"] })).toBe("audience");
    expect(at({ ...validClaims(), aud: undefined })).toBe("audience");
    expect(at({ ...validClaims(), iss: "evil" })).toBe("issuer");
    expect(at({ ...validClaims(), iss: undefined })).toBe("issuer");
  });

  it("checks claim types (malformed)", () => {
    const header = { alg: "HS256" };
    const at = (patch: Record<string, unknown>) =>
      reasonOf(() => verifyAccessToken(forge(header, { ...validClaims(), ...patch }), SECRET, NOW));
    for (const patch of [
      { sub: "" },
      { sub: 42 },
      { sub: undefined },
      { sid: "" },
      { sid: null },
      { status: 1.5 },
      { status: "1" },
      { status: undefined },
      { iat: "now" },
      { iat: undefined },
      { exp: NOW + 0.5 },
      { exp: undefined },
    ])
      expect(at(patch), JSON.stringify(patch)).toBe("malformed");
  });

  it("rejects garbage, wrong segment counts and non-JSON parts (malformed)", () => {
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const cases = [
      "",
      "garbage",
      "....",
      "a.b",
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.`,
      `${header}..${signature}`,
      `.${payload}.${signature}`,
      `${header}.${payload}.`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, -1)}+`,
      `${header} .${payload}.${signature}`,
      `${b64("not json")}.${payload}.${signature}`,
      `${header}.${b64("not json")}.${signature}`,
      `${b64("[]")}.${payload}.${signature}`,
      `${header}.${b64("null")}.${signature}`,
      `${header}.${b64('"a string"')}.${signature}`,
      forge({ alg: "HS256" }, "not json"), // correctly signed, still not a JSON payload
      forge({ alg: "HS256" }, [validClaims()]),
      forge({ alg: "HS256", typ: "JOSE+JSON" }, validClaims()),
      forge({ alg: "HS256", crit: ["exp"] }, validClaims()),
      `${header}.${Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString("base64url")}.${signature}`,
    ];
    for (const bad of cases)
      expect(
        reasonOf(() => verifyAccessToken(bad, SECRET, NOW)),
        bad,
      ).toBe("malformed");
    // biome-ignore lint/suspicious/noExplicitAny: a caller outside TypeScript could pass anything
    expect(reasonOf(() => verifyAccessToken(undefined as any, SECRET, NOW))).toBe("malformed");
  });

  it("refuses secrets shorter than 32 bytes", () => {
    expect(() => signAccessToken(INPUT, "short", { ttlSeconds: TTL })).toThrow(RangeError);
    expect(() => verifyAccessToken(token, "short", NOW)).toThrow(RangeError);
  });

  it("property: any single-character change to a valid token fails verification", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ";
    fc.assert(
      fc.property(
        fc.record({
          sub: fc.string({ minLength: 1, maxLength: 40 }),
          sid: fc.uuid(),
          status: fc.integer({ min: 0, max: 4 }),
        }),
        fc.nat(),
        fc.oneof(fc.constantFrom(...alphabet), fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })),
        (input, position, replacement) => {
          const valid = signAccessToken(input, SECRET, { ttlSeconds: TTL, now: NOW });
          const i = position % valid.length;
          fc.pre(valid[i] !== replacement);
          const changed = valid.slice(0, i) + replacement + valid.slice(i + 1);
          expect(() => verifyAccessToken(changed, SECRET, NOW)).toThrow(TokenError);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("exhaustively: every position, every base64url character (the signature's spare bits included)", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
    let checked = 0;
    for (let i = 0; i < token.length; i++) {
      for (const replacement of alphabet) {
        if (token[i] === replacement) continue;
        const changed = token.slice(0, i) + replacement + token.slice(i + 1);
        expect(
          reasonOf(() => verifyAccessToken(changed, SECRET, NOW)),
          changed,
        ).not.toBe("no error");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it("property: every valid token verifies to the claims it was signed with", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.integer({ min: -5, max: 10 }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (sub, sid, status, ttlSeconds) => {
          const signed = signAccessToken({ sub, sid, status }, SECRET, { ttlSeconds, now: NOW });
          expect(verifyAccessToken(signed, SECRET, NOW)).toEqual({
            sub,
            sid,
            status,
            iat: NOW,
            exp: NOW + ttlSeconds,
            aud: "lottoup",
            iss: "lottoup",
          });
        },
      ),
    );
  });
});
