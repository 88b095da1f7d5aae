import { describe, expect, it } from "vitest";
import { framedByAnotherSite } from "./framing.ts";

/** A window whose parent chain ends at `top`; a `top` of another origin throws on reading its location. */
function windowUnder(top: "self" | "same-origin" | "other-site"): Window {
  const view = { location: { origin: "https://lottoup.example" } } as unknown as Window;
  Object.defineProperty(view, "self", { value: view });
  const parents = {
    self: view,
    "same-origin": { location: { origin: "https://lottoup.example" } },
    "other-site": {
      get location(): Location {
        throw new DOMException("Blocked a frame from accessing a cross-origin frame.", "SecurityError");
      },
    },
  };
  Object.defineProperty(view, "top", { value: parents[top] });
  return view;
}

describe("framedByAnotherSite", () => {
  it("is false for a page of its own and for a frame of LOTTOUP's own pages", () => {
    expect(framedByAnotherSite(windowUnder("self"))).toBe(false);
    expect(framedByAnotherSite(windowUnder("same-origin"))).toBe(false);
  });

  it("is true when the page framing it belongs to another origin (its location cannot be read)", () => {
    expect(framedByAnotherSite(windowUnder("other-site"))).toBe(true);
  });
});
