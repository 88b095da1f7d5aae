// @vitest-environment happy-dom
import { act } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { GameListConfig, LaunchAnswer } from "../../domain/gamePlatform.ts";
import { authAtom } from "../../lib/auth.ts";
import { appStore, StoreProvider } from "../../lib/store.ts";
import { domHarness } from "../../test/dom.tsx";
import { renderRouted } from "../../test/router.tsx";

// A game's page as a member sees it, in a DOM with the English source texts and the games calls replaced: a
// launch the site may frame is shown in a sandboxed frame; one it may not (a provider off GAME_FRAME_ORIGINS, the
// server answers `frame: false`) opens as a page of its own and is never framed. (happy-dom does not load frames
// and says so on the console; the frame's attributes are what is checked.)

const launchGame = vi.fn<() => Promise<LaunchAnswer>>();
const fetchLobby = vi.fn<() => Promise<GameListConfig>>();
vi.mock("./gamesApi.ts", async (original) => ({
  ...(await original<typeof import("./gamesApi.ts")>()),
  launchGame: () => launchGame(),
  fetchLobby: () => fetchLobby(),
}));
const { LaunchPage } = await import("./LaunchPage.tsx");

const dom = domHarness();

async function openGame(): Promise<HTMLElement> {
  // In the app's store: the member's session is set there.
  const page = () => (
    <StoreProvider store={appStore}>
      <LaunchPage provider="hub88" gameCode="sts_wheel" />
    </StoreProvider>
  );
  const host = await renderRouted(dom, page, {
    at: "/game/hub88/sts_wheel",
    paths: ["/game/$", "/register", "/external/login"],
  });
  // The launch answers on a later tick.
  await act(async () => {
    await vi.waitFor(() => expect(launchGame).toHaveBeenCalled());
  });
  return host;
}

beforeEach(() => {
  launchGame.mockReset();
  fetchLobby.mockReset();
  fetchLobby.mockResolvedValue({ providers: [] });
  appStore.set(authAtom, {
    session: { id: "s1", uuid: "member-1", status: 1, exp: Math.floor(Date.now() / 1000) + 3600 },
    userInfo: null,
  });
});

describe("a game's page", () => {
  it("frames a launch the site may frame, sandboxed without top navigation, under the bar's way back", async () => {
    launchGame.mockResolvedValue({ url: "https://games.example/play/1", frame: true });
    const host = await openGame();
    await vi.waitFor(() => expect(host.querySelector("iframe")).not.toBeNull());
    const frame = host.querySelector("iframe") as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe("https://games.example/play/1");
    expect(frame.getAttribute("sandbox")?.split(" ").sort()).toEqual([
      "allow-forms",
      "allow-popups",
      "allow-same-origin",
      "allow-scripts",
    ]);
    expect(host.querySelector("a.game-back")?.getAttribute("href")).toBe("/game/hub88");
  });

  it("opens a launch it may not frame as a page of its own, and says the money stays here", async () => {
    launchGame.mockResolvedValue({ url: "https://elsewhere.example/play/2", frame: false });
    const host = await openGame();
    await vi.waitFor(() => expect(dom.text()).toContain("The game is ready"));
    expect(host.querySelector("iframe")).toBeNull();
    expect(dom.text()).toContain("This provider does not let its games be shown inside this app");
    expect(dom.text()).toContain("Your bets and wins still go to your balance here.");
    const open = [...host.querySelectorAll("a")].find((a) => a.textContent?.trim() === "Open the game");
    expect(open?.getAttribute("href")).toBe("https://elsewhere.example/play/2");
    expect(open?.getAttribute("rel")).toBe("noopener noreferrer");
  });
});
