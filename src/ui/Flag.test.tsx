// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { domHarness } from "../test/dom.tsx";
import { Flag } from "./Flag.tsx";
import { isFlagCode } from "./flags.ts";

const dom = domHarness();

describe("Flag", () => {
  it("is a decorative 3:2 image of the country's drawing, loaded lazily", async () => {
    const host = await dom.render(<Flag code="jp" />);
    const img = host.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/flags/jp.svg");
    expect(img?.getAttribute("width")).toBe("30");
    expect(img?.getAttribute("height")).toBe("20");
    expect(img?.getAttribute("alt")).toBe("");
    expect(img?.getAttribute("aria-hidden")).toBe("true");
    expect(img?.getAttribute("loading")).toBe("lazy");
    expect(img?.getAttribute("decoding")).toBe("async");
  });

  it("takes its height from a prop, and with a label is announced by it", async () => {
    const host = await dom.render(<Flag code="th" height={24} label="Thailand" />);
    const img = host.querySelector("img");
    expect(img?.getAttribute("width")).toBe("36");
    expect(img?.getAttribute("height")).toBe("24");
    expect(img?.getAttribute("alt")).toBe("Thailand");
    expect(img?.hasAttribute("aria-hidden")).toBe(false);
  });

  it("draws nothing for a code without a drawing", async () => {
    for (const code of ["xx", "JP", "usa", "", null, undefined]) {
      const host = await dom.render(<Flag code={code} />);
      expect(host.innerHTML, String(code)).toBe("");
    }
    expect(isFlagCode("jp")).toBe(true);
    expect(isFlagCode("toString")).toBe(false);
  });
});
