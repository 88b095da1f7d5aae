import { describe, expect, it } from "vitest";
import { dateSearch, idSearch, searchId } from "./routeSearch.ts";

describe("idSearch", () => {
  it("keeps positive integer ids as numbers", () => {
    expect(idSearch({ id: 12 })).toEqual({ id: 12 });
    expect(idSearch({ id: "12" })).toEqual({ id: 12 });
    expect(searchId("12")).toEqual({ id: 12 });
  });
  it("drops anything else", () => {
    for (const id of [undefined, 0, -1, 1.5, "", "abc", "1;drop", "0012", { x: 1 }, 2 ** 60])
      expect(idSearch({ id })).toEqual({});
  });
});

describe("dateSearch", () => {
  it("keeps a yyyy-mm-dd date and drops anything else", () => {
    expect(dateSearch({ date: "2025-01-15" })).toEqual({ date: "2025-01-15" });
    expect(dateSearch({ date: "yesterday" })).toEqual({});
    expect(dateSearch({ date: 20250115 })).toEqual({});
    expect(dateSearch({})).toEqual({});
  });
});
