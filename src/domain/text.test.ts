import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { hasUnsafeCharacter, INT4_MAX, integer, text } from "./text.ts";

const keyOf = (schema: v.GenericSchema, input: unknown) =>
  v.safeParse(schema, input).issues?.[0]?.message ?? null;

describe("text", () => {
  it("refuses every C0 control (NUL, tab and line breaks included), DEL and every C1 control", () => {
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => i),
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    ];
    for (const code of controls) {
      const value = `ab${String.fromCharCode(code)}cd`;
      expect(keyOf(text(50), value), code.toString(16)).toBe("textInvalid");
    }
  });

  it("refuses invisible formatting that makes text read differently than it is stored, and broken UTF-16", () => {
    for (const value of ["a\u202eb", "a\u2066b", "a\u2028b", "\ufeffab", "a\ufffe", "a\ud800", "\udc00a"])
      expect(keyOf(text(50), value), JSON.stringify(value)).toBe("textInvalid");
  });

  it("keeps Thai, Khmer, Burmese, emoji and zero-width joiners", () => {
    for (const value of ["สมชาย ใจดี", "សុខា", "မောင်မောင်", "👨‍👩‍👧", "a\u200cb", "O'Brien-Smith, Jr."])
      expect(keyOf(text(50), value), value).toBeNull();
  });

  it("accepts exactly the strings without an unsafe character", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0x20, max: 0x7e })), {
            maxLength: 20,
          })
          .map((units) => String.fromCharCode(...units)),
        (value) => {
          const unsafe = [...value].some((c) => {
            const code = c.codePointAt(0) ?? 0;
            return (
              code < 0x20 ||
              (code >= 0x7f && code <= 0x9f) ||
              [0x2028, 0x2029, 0xfeff, 0xfffe, 0xffff].includes(code) ||
              (code >= 0x202a && code <= 0x202e) ||
              (code >= 0x2066 && code <= 0x2069) ||
              (code >= 0xfdd0 && code <= 0xfdef) ||
              (code >= 0xd800 && code <= 0xdfff)
            );
          });
          return hasUnsafeCharacter(value) === unsafe;
        },
      ),
      { numRuns: 300 },
    );
  });

  it("bounds the length and names a wrong type with the field's own key", () => {
    expect(keyOf(text(5), "abcde")).toBeNull();
    expect(keyOf(text(5), "abcdef")).toBe("valueTooLong");
    expect(keyOf(text(5, "usernameRequired"), 42)).toBe("usernameRequired");
    expect(keyOf(text(5), ["a"])).toBe("requestInvalid");
  });
});

describe("integer", () => {
  it("takes whole numbers within the column's range, as numbers or digits", () => {
    const id = integer(0, INT4_MAX);
    expect(v.parse(id, 2)).toBe(2);
    expect(v.parse(id, "2147483647")).toBe(INT4_MAX);
    for (const bad of [
      2_147_483_648,
      "2147483648",
      1e21,
      "1e21",
      -1,
      1.5,
      "1.5",
      "0x10",
      " 1",
      "",
      "NaN",
      true,
      null,
    ])
      expect(keyOf(id, bad), String(bad)).toBe("requestInvalid");
  });
});

describe("every request schema uses the shared primitives", () => {
  /** Files under `dir` ending in .ts (tests excluded). */
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
    });

  it("no schema in src/domain or server/ builds a string without `text` (server/config.ts reads the environment, not requests)", () => {
    const offenders = [...sources("src/domain"), ...sources("server")]
      .filter(
        (path) =>
          !path.endsWith(join("src", "domain", "text.ts")) && !path.endsWith(join("server", "config.ts")),
      )
      .filter((path) => /\bv\.string\(/.test(readFileSync(path, "utf8")));
    expect(offenders).toEqual([]);
  });
});
