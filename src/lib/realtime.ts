import { useEffect, useRef } from "react";
import { object, string } from "valibot";
import { api, getJson } from "./api.ts";
import { read, remove, write } from "./storage.ts";
import { STORAGE_KEYS } from "./storageKeys.ts";
import { appStore, atom, useAtomValue } from "./store.ts";

/**
 * The member's one live connection and the balance it keeps (docs/rules.md "Field names": `money-update`): GET /api/cashs, then socket.io at
 * /ccu (the handshake is same-origin, so the browser sends the session cookie), whose 'money-update' { balance }
 * replaces it. socket.io-client is imported here only, and this module is loaded only after login (with the
 * balance chip), so neither is part of the first paint. Pages that follow other events (yeekee shots) use the same
 * socket (`realtimeSocketAtom`), and pages waiting for money reload on `money-update` (`useReloadOnMoneyUpdate`).
 */

/** connecting: first load; live: pushed updates arrive; stale: last known amount, not live (offline). */
export type BalanceConnection = "connecting" | "live" | "stale";

export interface LiveBalance {
  /** Available cash in baht ("1234.56"), or null before the first answer. */
  balance: string | null;
  connection: BalanceConnection;
}

export const liveBalanceAtom = atom<LiveBalance>({ balance: null, connection: "connecting" });
/**
 * Counts money-update pushes and socket (re)connections: pages that wait for money (a deposit queue, a withdrawal's
 * status) refresh when it changes. A connection counts because a push sent before the socket joined the member's
 * room (a page just reloaded, a network loss) is never delivered again.
 */
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

export interface LiveBalanceDeps {
  store: Store;
  fetchCash: () => Promise<{ money: string }>;
  connect: () => Promise<RealtimeSocket>;
  events: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  isOnline: () => boolean;
}

export const REALTIME_PATH = "/ccu";

const fetchCash = () => getJson<{ money: string }>(api, "cashs");

async function connectSocketIo(): Promise<RealtimeSocket> {
  const { io } = await import("socket.io-client");
  // socket.io reconnects by itself (with back-off) after a network loss; websocket first, polling as fallback.
  // Same origin: the handshake carries the HttpOnly session cookie (and the page's Origin, which the server
  // checks); the app never holds the token, and nothing of the session is ever in the URL.
  return io({ path: REALTIME_PATH, transports: ["websocket", "polling"] });
}

function withDefaults(overrides: Partial<LiveBalanceDeps>): LiveBalanceDeps {
  return {
    store: overrides.store ?? appStore,
    fetchCash: overrides.fetchCash ?? fetchCash,
    connect: overrides.connect ?? connectSocketIo,
    events: overrides.events ?? window,
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

/** The last known balance, kept per member so another member logging in on this device never sees it. */
const CachedBalance = object({ uuid: string(), balance: string() });

function readCache(uuid: string): string | null {
  const cached = read(STORAGE_KEYS.balance, CachedBalance);
  return cached?.uuid === uuid ? cached.balance : null;
}

let refreshCurrent: (() => Promise<void>) | null = null;

/** Asks /api/cashs again now; nothing when no member is connected. */
export function refreshBalance(): Promise<void> {
  return refreshCurrent ? refreshCurrent() : Promise.resolve();
}

/**
 * After a call that moved the member's money: the server pushes the new balance (`money-update`) after its commit,
 * so while the socket is live nothing is asked; only without it is /api/cashs asked again.
 */
export function balanceMoved(store: Store = appStore): Promise<void> {
  return store.get(liveBalanceAtom).connection === "live" ? Promise.resolve() : refreshBalance();
}

/**
 * Starts following the balance of the member logged in on this device (`uuid`); returns the stop function
 * (logout, or another member logging in). Refetches on every (re)connection and when the browser comes back online, so an update
 * missed while away is never kept.
 */
export function startLiveBalance(
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
    write(STORAGE_KEYS.balance, { uuid, balance });
  };

  set({ balance: readCache(uuid), connection: deps.isOnline() ? "connecting" : "stale" });

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
  deps.connect().then(
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
        store.set(moneyUpdatesAtom, store.get(moneyUpdatesAtom) + 1);
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
      remove(STORAGE_KEYS.balance);
      store.set(liveBalanceAtom, { balance: null, connection: "connecting" });
    }
  };
}

/** Calls `reload` each time the member's money moves (a credit arriving, a staff decision), as the socket says. */
export function useReloadOnMoneyUpdate(reload: () => Promise<void>): void {
  const updates = useAtomValue(moneyUpdatesAtom);
  const seen = useRef(updates);
  useEffect(() => {
    if (updates === seen.current) return;
    seen.current = updates;
    void reload();
  }, [updates, reload]);
}
