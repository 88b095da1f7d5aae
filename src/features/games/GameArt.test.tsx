// @vitest-environment happy-dom
import { act } from "react";
import { describe, expect, it } from "vitest";
import { domHarness } from "../../test/dom.tsx";
import { GameArt } from "./GameArt.tsx";

// A game's picture as the lobby draws it: the provider's thumbnail when the server kept one, else artwork drawn from
// the game's code, the same every time, and decorative (the card names the game).

const dom = domHarness();

describe("GameArt", () => {
  it("shows the provider's thumbnail when there is one, and the drawn artwork if it fails to load", async () => {
    const host = await dom.render(
      <GameArt
        game={{ provider: "hub88", gameCode: "sts_wheel", thumbnailUrl: "http://127.0.0.1:4330/t.svg" }}
      />,
    );
    const img = host.querySelector("img");
    expect(img?.getAttribute("src")).toBe("http://127.0.0.1:4330/t.svg");
    expect(img?.getAttribute("alt")).toBe("");
    await act(async () => img?.dispatchEvent(new Event("error")));
    expect(host.querySelector("img")).toBeNull();
    expect(host.querySelector("svg text")?.textContent).toBe("WH");
  });

  it("draws the same artwork for the same game, hidden from assistive technology", async () => {
    const game = { provider: "lottoup", gameCode: "lottoup-siam-fortune", thumbnailUrl: null };
    const first = (await dom.render(<GameArt game={game} />)).innerHTML;
    const again = (await dom.render(<GameArt game={game} />)).innerHTML;
    expect(again).toBe(first);
    const svg = dom.host().querySelector("svg");
    expect(svg?.getAttribute("aria-hidden")).toBe("true");
    expect(svg?.querySelector("text")?.textContent).toBe("SF");
    // The gradient is named after the game, so two cards on one page never share (or steal) a gradient.
    const other = (await dom.render(<GameArt game={{ ...game, gameCode: "lottoup-dice" }} />)).innerHTML;
    expect(other).not.toBe(first);
    expect(first.match(/id="(game-art-[a-z0-9]+)"/)?.[1]).not.toBe(
      other.match(/id="(game-art-[a-z0-9]+)"/)?.[1],
    );
  });
});
