/** docs/rules.md "Timings": wait for the live-chat widget up to 80 tries, 250 ms apart. */
export const LIVE_CHAT_TRIES = 80;
export const LIVE_CHAT_INTERVAL_MS = 250;

export interface LiveChatConfig {
  scriptUrl: string;
  readyGlobal: string;
}

/** Resolves true once `isReady()` holds, checking every interval; false after the last try. */
export function waitUntilReady(
  isReady: () => boolean,
  tries = LIVE_CHAT_TRIES,
  intervalMs = LIVE_CHAT_INTERVAL_MS,
): Promise<boolean> {
  return new Promise((resolve) => {
    let attempt = 0;
    const check = () => {
      if (isReady()) return resolve(true);
      attempt += 1;
      if (attempt >= tries) return resolve(false);
      setTimeout(check, intervalMs);
    };
    check();
  });
}

/** Loads the configured widget once (after the app has painted) and waits for it to be ready. */
export async function loadLiveChat(config: LiveChatConfig): Promise<boolean> {
  if (!document.querySelector(`script[data-live-chat]`)) {
    const script = document.createElement("script");
    script.src = config.scriptUrl;
    script.async = true;
    script.dataset.liveChat = "true";
    document.head.append(script);
  }
  return waitUntilReady(() => Boolean((window as unknown as Record<string, unknown>)[config.readyGlobal]));
}
