import { atom } from "jotai";
import { appStore } from "../../lib/store.ts";
import { fetchCash } from "./walletApi.ts";

/**
 * The member's cash in the top bar, kept live (SPEC.md section 7): GET /api/cashs, then socket.io at /ccu with
 * the access token, whose 'money-update' { balance } replaces it. socket.io-client is imported here only, and
 * this module is loaded only after login, so neither is part of the first paint.
 */

/** connecting: first load; live: pushed updates arrive; stale: last known amount, not live (offline). */
export type BalanceConnection = "connecting" | "live" | "stale";

export interface LiveBalance {
  /** Available cash in baht ("1234.56"), or null before the first answer. */
  balance: string | null;
  connection: BalanceConnection;
}

export const liveBalanceAtom = atom<LiveBalance>({ balance: null, connection: "connecting" });
/** Counts money-update pushes: pages that wait for money (a deposit queue) refresh when it changes. */
export const moneyUpdatesAtom = atom(0);
/**
 * The member's one live connection while logged in (null before it exists and after logout), so pages that follow
 * other events (yeekee shots) share it instead of opening a second one.
 */
export const realtimeSocketAtom = atom<RealtimeSocket | null>(null);

/** The part of a socket.io client socket this module uses (a fake stands in for it in the tests). */
export interface RealtimeSocket {
  readonly connected: boolean;
  readonly active: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

type Store = Pick<typeof appStore, "get" | "set">;
type KeyValue = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface LiveBalanceDeps {
  store: Store;
  fetchCash: () => Promise<{ money: string }>;
  connect: (token: string) => Promise<RealtimeSocket>;
  events: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  storage: KeyValue | null;
  isOnline: () => boolean;
}

export const REALTIME_PATH = "/ccu";
const CACHE_KEY = "balance";

async function connectSocketIo(token: string): Promise<RealtimeSocket> {
  const { io } = await import("socket.io-client");
  // socket.io reconnects by itself (with back-off) after a network loss; websocket first, polling as fallback.
  return io({ path: REALTIME_PATH, query: { token }, transports: ["websocket", "polling"] });
}

function browserStorage(): KeyValue | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function withDefaults(overrides: Partial<LiveBalanceDeps>): LiveBalanceDeps {
  return {
    store: overrides.store ?? appStore,
    fetchCash: overrides.fetchCash ?? fetchCash,
    connect: overrides.connect ?? connectSocketIo,
    events: overrides.events ?? window,
    storage: overrides.storage === undefined ? browserStorage() : overrides.storage,
    isOnline: overrides.isOnline ?? (() => navigator.onLine),
  };
}

/** The amount a money-update carries: { balance: "12.34" } (a JSON string of it is accepted too). */
export function balanceOfMessage(message: unknown): string | null {
  let value: unknown = message;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== "object" || value === null || !("balance" in value)) return null;
  const balance = (value as { balance: unknown }).balance;
  if (typeof balance === "number" && Number.isFinite(balance)) return balance.toFixed(2);
  if (typeof balance === "string" && /^-?\d+(\.\d{1,2})?$/.test(balance.trim())) return balance.trim();
  return null;
}

function readCache(storage: KeyValue | null, uuid: string): string | null {
  try {
    const raw = storage?.getItem(CACHE_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as { uuid?: string; balance?: string };
    return cached.uuid === uuid && typeof cached.balance === "string" ? cached.balance : null;
  } catch {
    return null;
  }
}

function writeCache(storage: KeyValue | null, uuid: string, balance: string): void {
  try {
    storage?.setItem(CACHE_KEY, JSON.stringify({ uuid, balance }));
  } catch {}
}

let refreshCurrent: (() => Promise<void>) | null = null;

/** Asks /api/cashs again now (after a withdrawal request, for instance); nothing when no member is connected. */
export function refreshBalance(): Promise<void> {
  return refreshCurrent ? refreshCurrent() : Promise.resolve();
}

/**
 * Starts following the balance of the member holding `token`; returns the stop function (logout, or another
 * member logging in). Refetches on every (re)connection and when the browser comes back online, so an update
 * missed while away is never kept.
 */
export function startLiveBalance(
  token: string,
  uuid: string,
  overrides: Partial<LiveBalanceDeps> = {},
): (options?: { forget?: boolean }) => void {
  const deps = withDefaults(overrides);
  const { store } = deps;
  let stopped = false;
  let socket: RealtimeSocket | null = null;
  // Answers can arrive out of order (a slow GET after a push): a push is newer than any GET started before it.
  let pushes = 0;

  const set = (patch: Partial<LiveBalance>) => {
    if (!stopped) store.set(liveBalanceAtom, { ...store.get(liveBalanceAtom), ...patch });
  };
  const setBalance = (balance: string) => {
    set({ balance });
    writeCache(deps.storage, uuid, balance);
  };

  set({ balance: readCache(deps.storage, uuid), connection: deps.isOnline() ? "connecting" : "stale" });

  const refresh = async () => {
    const pushesBefore = pushes;
    try {
      const { money } = await deps.fetchCash();
      if (!stopped && pushes === pushesBefore) setBalance(money);
    } catch {
      // Offline or refused: the last known amount stays, marked by the connection state.
      if (!socket?.connected) set({ connection: "stale" });
    }
  };
  refreshCurrent = refresh;

  const onOnline = () => {
    void refresh();
    if (socket && !socket.connected) socket.connect();
  };
  const onOffline = () => set({ connection: "stale" });
  deps.events.addEventListener("online", onOnline);
  deps.events.addEventListener("offline", onOffline);

  void refresh();
  deps.connect(token).then(
    (s) => {
      if (stopped) {
        s.disconnect();
        return;
      }
      socket = s;
      store.set(realtimeSocketAtom, s);
      s.on("connect", () => {
        set({ connection: "live" });
        // First connection and every reconnection: catch up with whatever happened while away.
        void refresh();
      });
      s.on("disconnect", () => set({ connection: "stale" }));
      s.on("connect_error", () => set({ connection: "stale" }));
      s.on("money-update", (message: never) => {
        const balance = balanceOfMessage(message);
        if (balance === null || stopped) return;
        pushes += 1;
        setBalance(balance);
        store.set(moneyUpdatesAtom, store.get(moneyUpdatesAtom) + 1);
      });
    },
    () => set({ connection: "stale" }),
  );

  return ({ forget = false } = {}) => {
    if (stopped) return;
    stopped = true;
    if (refreshCurrent === refresh) refreshCurrent = null;
    deps.events.removeEventListener("online", onOnline);
    deps.events.removeEventListener("offline", onOffline);
    socket?.disconnect();
    if (socket && store.get(realtimeSocketAtom) === socket) store.set(realtimeSocketAtom, null);
    if (forget) {
      // Logged out: nothing of this member's money stays on the device or on screen.
      try {
        deps.storage?.removeItem(CACHE_KEY);
      } catch {}
      store.set(liveBalanceAtom, { balance: null, connection: "connecting" });
    }
  };
}
