import { describe, expect, it } from "vitest";
import { decodeSessionHint, encodeSessionHint, isExpired } from "./session.ts";

const UUID = "0b9f3c4e-7a1d-4c2b-9e8f-1a2b3c4d5e6f";

describe("the session hint", () => {
  it("reads back the id, uuid, status and expiry the server wrote", () => {
    const hint = { id: "Ab_-0123456789xy", uuid: UUID, status: 2, exp: 2_000_000_000 };
    const value = encodeSessionHint(hint);
    // Only characters a cookie value may hold: no encoding needed on either side.
    expect(value).toMatch(/^[\w.-]+$/);
    expect(decodeSessionHint(value)).toEqual(hint);
  });

  it("returns null for anything else (the app treats that as logged out)", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "abc",
      `Ab_-0123456789xy.${UUID}.0`,
      `Ab_-0123456789xy.${UUID}.0.1.extra`,
      `short.${UUID}.0.1`,
      `Ab_-0123456789xy.not-a-uuid.0.1`,
      `Ab_-0123456789xy.${UUID}.x.1`,
      `Ab_-0123456789xy.${UUID}.-1.1`,
      `Ab_-0123456789xy.${UUID}.0.`,
      // A token is not a hint.
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln",
    ]) {
      expect(decodeSessionHint(bad), String(bad)).toBeNull();
    }
  });
});

describe("isExpired", () => {
  it("has no leeway", () => {
    const hint = { exp: 1000 };
    expect(isExpired(hint, 999)).toBe(false);
    expect(isExpired(hint, 1000)).toBe(true);
  });
});
