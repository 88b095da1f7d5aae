import { afterEach, describe, expect, it, vi } from "vitest";
import { stubStorage } from "../test/storage.ts";
import {
  balanceMoved,
  balanceOfMessage,
  type LiveBalanceDeps,
  liveBalanceAtom,
  moneyUpdatesAtom,
  type RealtimeSocket,
  refreshBalance,
  startLiveBalance,
} from "./realtime.ts";
import { createStore } from "./store.ts";

class FakeSocket implements RealtimeSocket {
  connected = false;
  active = true;
  disconnects = 0;
  connects = 0;
  private listeners = new Map<string, ((...args: never[]) => void)[]>();
  on(event: string, listener: (...args: never[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    if (event === "connect") this.connected = true;
    if (event === "disconnect") this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  connect() {
    this.connects += 1;
  }
  disconnect() {
    this.disconnects += 1;
    this.connected = false;
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(overrides: Partial<LiveBalanceDeps> = {}) {
  const store = createStore();
  const socket = new FakeSocket();
  const events = new EventTarget();
  const storage = stubStorage().local;
  let money = "100.00";
  const fetchCash = vi.fn(async () => ({ money }));
  const connect = vi.fn(async () => socket);
  const deps = { store, fetchCash, connect, events, isOnline: () => true, ...overrides };
  return {
    store,
    socket,
    events,
    storage,
    fetchCash,
    connect,
    deps,
    setMoney: (value: string) => {
      money = value;
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("balanceOfMessage", () => {
  it("reads { balance } as the server sends it, or as a JSON string", () => {
    expect(balanceOfMessage({ balance: "1234.56" })).toBe("1234.56");
    expect(balanceOfMessage('{"balance":"0.05"}')).toBe("0.05");
    expect(balanceOfMessage({ balance: 12.5 })).toBe("12.50");
  });
  it("ignores anything else", () => {
    for (const bad of [null, "nope", {}, { balance: "abc" }, { balance: Number.NaN }, 5])
      expect(balanceOfMessage(bad)).toBeNull();
  });
});

describe("startLiveBalance", () => {
  it("shows /cashs, connects (the browser brings the session cookie), and follows money-update pushes", async () => {
    const t = setup();
    const stop = startLiveBalance("u1", t.deps);
    expect(t.connect).toHaveBeenCalledOnce();
    await flush();
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "100.00", connection: "connecting" });

    expect(t.store.get(moneyUpdatesAtom)).toBe(0);
    t.socket.emit("connect");
    await flush();
    expect(t.store.get(liveBalanceAtom).connection).toBe("live");
    // The connection itself tells waiting pages to reload: a push sent before the socket joined is never resent.
    expect(t.store.get(moneyUpdatesAtom)).toBe(1);

    t.socket.emit("money-update", { balance: "350.37" });
    expect(t.store.get(liveBalanceAtom).balance).toBe("350.37");
    expect(t.store.get(moneyUpdatesAtom)).toBe(2);
    stop();
  });

  it("marks the amount not live when the connection drops, and catches up on reconnection", async () => {
    const t = setup();
    const stop = startLiveBalance("u1", t.deps);
    await flush();
    t.socket.emit("connect");
    await flush();
    t.socket.emit("disconnect", "transport close");
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "100.00", connection: "stale" });

    // While away the balance changed; the reconnection refetches it.
    t.setMoney("250.00");
    const calls = t.fetchCash.mock.calls.length;
    const updates = t.store.get(moneyUpdatesAtom);
    t.socket.emit("connect");
    await flush();
    expect(t.fetchCash.mock.calls.length).toBe(calls + 1);
    expect(t.store.get(moneyUpdatesAtom)).toBe(updates + 1);
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "250.00", connection: "live" });
    stop();
  });

  it("goes stale on the browser's offline event; online refetches and reconnects the socket", async () => {
    const t = setup();
    const stop = startLiveBalance("u1", t.deps);
    await flush();
    t.socket.emit("connect");
    await flush();
    t.events.dispatchEvent(new Event("offline"));
    t.socket.emit("disconnect", "transport close");
    expect(t.store.get(liveBalanceAtom).connection).toBe("stale");

    t.setMoney("90.00");
    t.events.dispatchEvent(new Event("online"));
    await flush();
    expect(t.socket.connects).toBe(1);
    expect(t.store.get(liveBalanceAtom).balance).toBe("90.00");
    stop();
  });

  it("keeps a push over an older GET that answers after it", async () => {
    const t = setup();
    let answer: (value: { money: string }) => void = () => {};
    t.fetchCash.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const stop = startLiveBalance("u1", t.deps);
    await flush();
    t.socket.emit("money-update", { balance: "500.00" });
    answer({ money: "100.00" });
    await flush();
    expect(t.store.get(liveBalanceAtom).balance).toBe("500.00");
    stop();
  });

  it("shows the last known amount of the same member when it starts offline", async () => {
    const t = setup({ isOnline: () => false });
    t.storage.setItem("balance", JSON.stringify({ uuid: "u1", balance: "42.00" }));
    t.fetchCash.mockRejectedValue(new Error("offline"));
    const stop = startLiveBalance("u1", t.deps);
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "42.00", connection: "stale" });
    await flush();
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "42.00", connection: "stale" });
    stop();

    // Another member on the same device never sees it.
    const other = startLiveBalance("u2", t.deps);
    expect(t.store.get(liveBalanceAtom).balance).toBeNull();
    other();
  });

  it("disconnects on stop and, on logout, forgets the amount", async () => {
    const t = setup();
    const stop = startLiveBalance("u1", t.deps);
    await flush();
    t.socket.emit("connect");
    await flush();
    expect(t.storage.getItem("balance")).toContain("100.00");
    stop({ forget: true });
    expect(t.socket.disconnects).toBe(1);
    expect(t.storage.getItem("balance")).toBeNull();
    expect(t.store.get(liveBalanceAtom).balance).toBeNull();
    // Pushes after stop change nothing; refreshBalance has no member to refresh.
    t.socket.emit("money-update", { balance: "1.00" });
    expect(t.store.get(liveBalanceAtom).balance).toBeNull();
    const calls = t.fetchCash.mock.calls.length;
    await refreshBalance();
    expect(t.fetchCash.mock.calls.length).toBe(calls);
  });

  it("closes a socket that connects after it was already stopped", async () => {
    const t = setup();
    const stop = startLiveBalance("u1", t.deps);
    stop();
    await flush();
    expect(t.socket.disconnects).toBe(1);
  });
});

describe("after a call that moved money", () => {
  it("asks for nothing while the socket is live (the server pushes money-update), and asks without it", async () => {
    const t = setup();
    const stop = startLiveBalance("u1", t.deps);
    await flush();
    t.socket.emit("connect");
    await flush();
    const asked = t.fetchCash.mock.calls.length;
    await balanceMoved(t.store);
    expect(t.fetchCash).toHaveBeenCalledTimes(asked);
    t.socket.emit("disconnect");
    await balanceMoved(t.store);
    expect(t.fetchCash).toHaveBeenCalledTimes(asked + 1);
    stop();
  });
});
