import { describe, expect, it } from "vitest";
import { handleNotificationClick, notificationTarget, type PushWorld } from "./push.ts";
import { safePath } from "./pushMessages.ts";

/** A notification's tap never opens another origin, whatever its url says (it comes from the server's payload). */

const ORIGIN = "https://lottoup.test";
const HOSTILE = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\t\\evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "https://evil.example/",
  "HTTPS://evil.example/x",
  " https://evil.example/",
  "javascript:alert(document.domain)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

describe("notification clicks", () => {
  it("opens only this app's origin for hostile targets", async () => {
    for (const url of HOSTILE) {
      expect(new URL(notificationTarget({ url }, ORIGIN)).origin, JSON.stringify(url)).toBe(ORIGIN);
      expect(notificationTarget({ url }, ORIGIN), JSON.stringify(url)).toBe(`${ORIGIN}/main`);
      expect(new URL(safePath(url), ORIGIN).origin, JSON.stringify(url)).toBe(ORIGIN);
      const opened: string[] = [];
      const world: PushWorld = {
        matchWindows: async () => [],
        showNotification: async () => {},
        openWindow: async (target) => opened.push(target),
        origin: ORIGIN,
        appLocale: async () => null,
        log: () => {},
      };
      await handleNotificationClick(world, { url });
      expect(opened, JSON.stringify(url)).toEqual([`${ORIGIN}/main`]);
    }
  });

  it("keeps the app's own paths, with their query and fragment", () => {
    expect(notificationTarget({ url: "/poy/gov/7?x=1#top" }, ORIGIN)).toBe(`${ORIGIN}/poy/gov/7?x=1#top`);
    expect(notificationTarget({ url: "/credit/status" }, ORIGIN)).toBe(`${ORIGIN}/credit/status`);
    expect(notificationTarget({}, ORIGIN)).toBe(`${ORIGIN}/main`);
    expect(notificationTarget(null, ORIGIN)).toBe(`${ORIGIN}/main`);
  });
});
