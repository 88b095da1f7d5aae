import { createStore } from "jotai";
import { describe, expect, it, vi } from "vitest";
import {
  balanceOfMessage,
  type LiveBalanceDeps,
  liveBalanceAtom,
  moneyUpdatesAtom,
  type RealtimeSocket,
  refreshBalance,
  startLiveBalance,
} from "./liveBalance.ts";

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

class MemoryStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(overrides: Partial<LiveBalanceDeps> = {}) {
  const store = createStore();
  const socket = new FakeSocket();
  const events = new EventTarget();
  const storage = new MemoryStorage();
  let money = "100.00";
  const fetchCash = vi.fn(async () => ({ money }));
  const connect = vi.fn(async (_token: string) => socket);
  const deps = { store, fetchCash, connect, events, storage, isOnline: () => true, ...overrides };
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
  it("shows /cashs, connects with the token, and follows money-update pushes", async () => {
    const t = setup();
    const stop = startLiveBalance("tok", "u1", t.deps);
    expect(t.connect).toHaveBeenCalledWith("tok");
    await flush();
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "100.00", connection: "connecting" });

    t.socket.emit("connect");
    await flush();
    expect(t.store.get(liveBalanceAtom).connection).toBe("live");

    t.socket.emit("money-update", { balance: "350.37" });
    expect(t.store.get(liveBalanceAtom).balance).toBe("350.37");
    expect(t.store.get(moneyUpdatesAtom)).toBe(1);
    stop();
  });

  it("marks the amount not live when the connection drops, and catches up on reconnection", async () => {
    const t = setup();
    const stop = startLiveBalance("tok", "u1", t.deps);
    await flush();
    t.socket.emit("connect");
    await flush();
    t.socket.emit("disconnect", "transport close");
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "100.00", connection: "stale" });

    // While away the balance changed; the reconnection refetches it.
    t.setMoney("250.00");
    const calls = t.fetchCash.mock.calls.length;
    t.socket.emit("connect");
    await flush();
    expect(t.fetchCash.mock.calls.length).toBe(calls + 1);
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "250.00", connection: "live" });
    stop();
  });

  it("goes stale on the browser's offline event; online refetches and reconnects the socket", async () => {
    const t = setup();
    const stop = startLiveBalance("tok", "u1", t.deps);
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
    const stop = startLiveBalance("tok", "u1", t.deps);
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
    const stop = startLiveBalance("tok", "u1", t.deps);
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "42.00", connection: "stale" });
    await flush();
    expect(t.store.get(liveBalanceAtom)).toEqual({ balance: "42.00", connection: "stale" });
    stop();

    // Another member on the same device never sees it.
    const other = startLiveBalance("tok2", "u2", t.deps);
    expect(t.store.get(liveBalanceAtom).balance).toBeNull();
    other();
  });

  it("disconnects on stop and, on logout, forgets the amount", async () => {
    const t = setup();
    const stop = startLiveBalance("tok", "u1", t.deps);
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
    const stop = startLiveBalance("tok", "u1", t.deps);
    stop();
    await flush();
    expect(t.socket.disconnects).toBe(1);
  });
});
