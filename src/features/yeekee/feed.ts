import { useCallback, useEffect, useRef, useState } from "react";
import { type RealtimeSocket, realtimeSocketAtom } from "../../lib/realtime.ts";
import { useAtomValue } from "../../lib/store.ts";
import { BOARD_SIZE, mergeShots, shotOfMessage } from "./shots.ts";
import { fetchSummary, fetchYings, type YingItem, type YingSummary } from "./yeekeeApi.ts";

/** While the socket is down the board and the summary are asked for this often. */
export const POLL_MS = 3000;
/** Pushed shots arrive in bursts: the summary is asked again at most this often. */
const SUMMARY_AFTER_PUSH_MS = 1000;

/** The shared connection is a socket.io client socket; the balance only needed part of it. */
interface SharedSocket extends RealtimeSocket {
  emit(event: string, ...args: unknown[]): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
}

function shared(socket: RealtimeSocket | null): SharedSocket | null {
  if (!socket || !("emit" in socket) || !("off" in socket)) return null;
  return socket as SharedSocket;
}

export interface ShootingFeed {
  /** The latest shots, newest first. */
  items: YingItem[];
  summary: YingSummary | null;
  /** Shots are pushed as they arrive (the socket is up and joined the round); otherwise polled. */
  live: boolean;
  /** The server said shooting closed (`ying-closed`). */
  closedAnnounced: boolean;
  /** The first load failed (nothing to show yet). */
  error: unknown;
  /** A shot the member just made, shown at once without waiting for its push. */
  add: (shot: YingItem) => void;
  refresh: () => Promise<void>;
}

/**
 * The live board of a round: the latest shots and the running summary. Joins the round's room on the member's
 * shared socket (`ying:join`, again after every reconnection, catching up on what was missed) and listens to
 * `ying` and `ying-closed`; while the socket is down, polls `GET /poy-api/yings` and the summary instead.
 * `polling` false stops the fallback polling (shooting is over: nothing new can arrive).
 */
export function useShootingFeed(betId: number, polling: boolean): ShootingFeed {
  const socket = shared(useAtomValue(realtimeSocketAtom));
  const [items, setItems] = useState<YingItem[]>([]);
  const [summary, setSummary] = useState<YingSummary | null>(null);
  const [live, setLive] = useState(false);
  const [closedAnnounced, setClosedAnnounced] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const mounted = useRef(true);
  const summaryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (summaryTimer.current) clearTimeout(summaryTimer.current);
      summaryTimer.current = null;
    };
  }, []);

  const refreshList = useCallback(async () => {
    try {
      const list = await fetchYings(betId, BOARD_SIZE);
      if (!mounted.current) return;
      setItems((current) => mergeShots(current, list));
      setError(null);
    } catch (err) {
      if (mounted.current) setError(err);
    }
  }, [betId]);

  const refreshSummary = useCallback(async () => {
    try {
      const next = await fetchSummary(betId);
      // Answers can cross: never go back to a summary with fewer shots than the one shown.
      if (mounted.current) setSummary((shown) => (shown && shown.count > next.count ? shown : next));
    } catch {
      // The last summary stays; the next push or poll asks again.
    }
  }, [betId]);

  const summarySoon = useCallback(() => {
    if (summaryTimer.current) return;
    summaryTimer.current = setTimeout(() => {
      summaryTimer.current = null;
      void refreshSummary();
    }, SUMMARY_AFTER_PUSH_MS);
  }, [refreshSummary]);

  const refresh = useCallback(async () => {
    await Promise.all([refreshList(), refreshSummary()]);
  }, [refreshList, refreshSummary]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (!socket) {
      setLive(false);
      return;
    }
    const join = () => {
      // Once the server has put the socket in the round's room (its answer), whatever was shot before, or while
      // the socket was away, comes with the list; later shots are pushed.
      socket.emit("ying:join", { betId }, () => void refresh());
      setLive(true);
    };
    const down = () => setLive(false);
    const onYing = (message: unknown) => {
      const shot = shotOfMessage(message, betId);
      if (!shot) return;
      setItems((current) => mergeShots(current, [shot]));
      summarySoon();
    };
    const onClosed = (message: unknown) => {
      if (typeof message !== "object" || message === null) return;
      if (String((message as { betId?: unknown }).betId) !== String(betId)) return;
      setClosedAnnounced(true);
      // The draw has revealed every number: the board and the figures are read again.
      void refresh();
    };
    socket.on("connect", join);
    socket.on("disconnect", down);
    socket.on("connect_error", down);
    socket.on("ying", onYing as (...args: never[]) => void);
    socket.on("ying-closed", onClosed as (...args: never[]) => void);
    if (socket.connected) join();
    else setLive(false);
    return () => {
      socket.off("connect", join);
      socket.off("disconnect", down);
      socket.off("connect_error", down);
      socket.off("ying", onYing as (...args: never[]) => void);
      socket.off("ying-closed", onClosed as (...args: never[]) => void);
      if (socket.connected) socket.emit("ying:leave", { betId });
    };
  }, [socket, betId, refresh, summarySoon]);

  useEffect(() => {
    if (live || !polling) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [live, polling, refresh]);

  const add = useCallback(
    (shot: YingItem) => {
      setItems((current) => mergeShots(current, [shot]));
      // The member's own shot: the figures they are looking at should count it at once.
      void refreshSummary();
    },
    [refreshSummary],
  );

  return { items, summary, live, closedAnnounced, error, add, refresh };
}
