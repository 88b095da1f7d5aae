import { describe, expect, it } from "vitest";
import { decodeToken, isExpired } from "./token.ts";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const token = (claims: unknown) => `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.signature`;

describe("decodeToken", () => {
  it("reads uuid, status and expiry", () => {
    expect(decodeToken(token({ sub: "u-1", status: 2, exp: 2_000_000_000, sid: "s" }))).toEqual({
      uuid: "u-1",
      status: 2,
      exp: 2_000_000_000,
    });
  });
  it("reads claims holding Thai text (UTF-8 payload)", () => {
    expect(decodeToken(token({ sub: "สมชาย", status: 0, exp: 1 }))?.uuid).toBe("สมชาย");
  });
  it("returns null for anything undecodable", () => {
    for (const bad of [
      null,
      "",
      "abc",
      "a.b",
      "a.b.c",
      `x.${b64({ status: 0, exp: 1 })}.y`,
      token({ sub: "u", status: "0", exp: 1 }),
      token({ sub: "u", status: 0 }),
    ]) {
      expect(decodeToken(bad)).toBeNull();
    }
  });
});

describe("isExpired", () => {
  it("has no leeway", () => {
    const decoded = { uuid: "u", status: 0, exp: 1000 };
    expect(isExpired(decoded, 999)).toBe(false);
    expect(isExpired(decoded, 1000)).toBe(true);
  });
});
