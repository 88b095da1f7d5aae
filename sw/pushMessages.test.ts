import { describe, expect, it } from "vitest";
import { handleNotificationClick, handlePush, type PushWorld, type WindowLike } from "./push.ts";
import { buildNotification, formatBaht, parsePushPayload, pushLocale, safePath } from "./pushMessages.ts";

/** What the server's sender hands FCM for one device (server/modules/push/sender.ts pushData). */
const fcmData = (type: string, params: Record<string, string>, url = "/credit/status", locale = "th") => ({
  type,
  params: JSON.stringify(params),
  url,
  locale,
  id: "42",
});

describe("push payloads", () => {
  it("reads FCM's web push shape (data map, params as JSON text) and a raw message alike", () => {
    const fromFcm = parsePushPayload({
      data: fcmData("deposit-approved", { amount: "1500.00" }),
      from: "1234567890",
      fcmMessageId: "abc",
      priority: "high",
    });
    const raw = parsePushPayload({
      type: "deposit-approved",
      params: { amount: "1500.00" },
      url: "/credit/status",
    });
    expect(fromFcm).toEqual({
      type: "deposit-approved",
      params: { amount: "1500.00" },
      url: "/credit/status",
      locale: "th",
      id: "42",
    });
    expect(raw).toEqual({ type: "deposit-approved", params: { amount: "1500.00" }, url: "/credit/status" });
  });

  it("refuses what is not a message of ours", () => {
    expect(parsePushPayload(null)).toBeNull();
    expect(parsePushPayload("hello")).toBeNull();
    expect(parsePushPayload({ data: { params: "{}" } })).toBeNull();
    expect(parsePushPayload({ type: "deposit-approved", params: "{not json" })).toBeNull();
  });

  it("maps every language code the app or server may hold, Thai for anything else", () => {
    expect(["th", "en", "km", "kh", "my", "mm", "en-GB", "xx", "", null].map(pushLocale)).toEqual([
      "th",
      "en",
      "km",
      "km",
      "my",
      "my",
      "en",
      "th",
      "th",
      "th",
    ]);
  });

  it("opens only paths of this app", () => {
    expect(safePath("/poy/yeekee/12")).toBe("/poy/yeekee/12");
    expect(safePath("https://evil.example/")).toBe("/main");
    expect(safePath("//evil.example/x")).toBe("/main");
    expect(safePath("/\\evil.example")).toBe("/main");
    expect(safePath("javascript:alert(1)")).toBe("/main");
  });

  it("groups baht digits", () => {
    expect(formatBaht("1500.00")).toBe("1,500.00");
    expect(formatBaht("1234567.5")).toBe("1,234,567.5");
    expect(formatBaht("90.00")).toBe("90.00");
  });
});

describe("notification texts in four languages", () => {
  const won = parsePushPayload({
    data: fcmData(
      "poy-won",
      { amount: "12500.00", roundName: "หวยรัฐบาลไทย", roundNameEn: "Thai government" },
      "/poy/gov/7",
    ),
  });
  if (!won) throw new Error("payload refused");

  it("a win names the round in the reader's language and the amount", () => {
    expect(buildNotification(won, "th")).toEqual({
      title: "ยินดีด้วย! คุณถูกรางวัล",
      body: "โพย หวยรัฐบาลไทย ของคุณถูกรางวัล ได้รับ ฿12,500.00",
      url: "/poy/gov/7",
      tag: "lottoup-42",
      lang: "th",
    });
    expect(buildNotification(won, "en")).toMatchObject({
      title: "Congratulations, you won!",
      body: "Your slip on Thai government won ฿12,500.00.",
    });
    expect(buildNotification(won, "km")).toMatchObject({
      title: "អបអរសាទរ! អ្នកបានឈ្នះ",
      body: "សន្លឹកភ្នាល់ Thai government របស់អ្នកបានឈ្នះ ฿12,500.00។",
      lang: "km",
    });
    expect(buildNotification(won, "my")).toMatchObject({
      title: "ဂုဏ်ယူပါတယ်၊ သင် ပေါက်ပါပြီ",
      body: "Thai government ထီစာရွက်မှ ฿12,500.00 ပေါက်ပါသည်။",
      lang: "my",
    });
  });

  it("every type has a distinct title and a body in every language, with its numbers in it", () => {
    const cases: [string, Record<string, string>, string][] = [
      ["poy-won", { amount: "100.00", roundName: "ยี่กี รอบที่ 5", roundNameEn: "Yeekee round 5" }, "100.00"],
      ["poy-lost", { roundName: "ยี่กี รอบที่ 5", roundNameEn: "Yeekee round 5" }, "5"],
      [
        "round-result",
        { roundName: "ยี่กี รอบที่ 5", roundNameEn: "Yeekee round 5", top3: "614", bottom2: "07" },
        "614",
      ],
      [
        "ying-bonus",
        { amount: "50.00", place: "16", roundName: "ยี่กี รอบที่ 5", roundNameEn: "Yeekee round 5" },
        "#16",
      ],
      ["deposit-approved", { amount: "300.45" }, "300.45"],
      ["deposit-rejected", { amount: "300.45" }, "300.45"],
      ["withdrawal-paid", { amount: "2000.00" }, "2,000.00"],
      ["withdrawal-rejected", { amount: "2000.00" }, "2,000.00"],
      ["name-changed", {}, "PIN"],
      ["phone-changed", { last4: "5678" }, "5678"],
      ["bank-added", { bank: "kbank", last4: "4321" }, "KBANK"],
      ["pin-changed", {}, "SMS"],
      ["line-linked", {}, "LINE"],
    ];
    for (const locale of ["th", "en", "km", "my"] as const) {
      const titles = new Set<string>();
      for (const [type, params, mustContain] of cases) {
        const built = buildNotification({ type, params, url: "/x" }, locale);
        expect(built, `${type} ${locale}`).not.toBeNull();
        expect(built?.body, `${type} ${locale}`).toContain(mustContain);
        titles.add(built?.title ?? "");
      }
      expect(titles.size, locale).toBe(cases.length);
    }
    // The round's numbers go in the result's body; the scripts differ per language.
    const result = buildNotification(
      {
        type: "round-result",
        params: { roundNameEn: "Yeekee round 5", top3: "614", bottom2: "07" },
        url: "/results",
      },
      "my",
    );
    expect(result?.body).toBe("Yeekee round 5: အပေါ် ၃ လုံး 614 · အောက် ၂ လုံး 07");
    const bonus = buildNotification(
      {
        type: "ying-bonus",
        params: { amount: "50.00", place: "1", roundName: "ยี่กี รอบที่ 5", roundNameEn: "Yeekee round 5" },
        url: "/lotto/yeekee/9/ying",
      },
      "th",
    );
    expect(bonus).toMatchObject({
      title: "คุณได้โบนัสคนยิงเลข",
      body: "เลขที่คุณยิงได้อันดับ #1 ใน ยี่กี รอบที่ 5 รับโบนัส ฿50.00",
      url: "/lotto/yeekee/9/ying",
    });
  });

  it("an unknown type builds nothing", () => {
    expect(buildNotification({ type: "promo-blast", params: {}, url: "/" }, "th")).toBeNull();
  });
});

function fakeWorld(windows: WindowLike[] = [], appLocale: "th" | "en" | "km" | "my" | null = null) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const logs: string[] = [];
  const world: PushWorld = {
    matchWindows: async () => windows,
    showNotification: async (title, options) => {
      shown.push({ title, options });
    },
    openWindow: async (url) => {
      opened.push(url);
    },
    origin: "https://lottoup.test",
    appLocale: async () => appLocale,
    log: (m) => logs.push(m),
  };
  return { world, shown, opened, logs };
}

function fakeWindow(url: string, visibilityState: DocumentVisibilityState, controlled = true) {
  const events: string[] = [];
  const win: WindowLike & { events: string[]; posted: unknown[] } = {
    url,
    visibilityState,
    events,
    posted: [],
    postMessage(m) {
      this.posted.push(m);
    },
    async focus() {
      events.push("focus");
    },
    async navigate(to) {
      events.push(`navigate ${to}`);
      return controlled ? win : null;
    },
  };
  return win;
}

describe("the worker's push and click handlers", () => {
  const text = JSON.stringify({
    data: fcmData("withdrawal-paid", { amount: "1000.00" }, "/credit/status", "km"),
  });

  it("with no visible app window: a notification in the language the app last told the worker", async () => {
    const hidden = fakeWindow("https://lottoup.test/main", "hidden");
    const t = fakeWorld([hidden], "en");
    expect(await handlePush(t.world, text)).toBe("shown");
    expect(t.shown).toEqual([
      {
        title: "Withdrawal paid",
        options: {
          body: "฿1,000.00 has been sent to your bank account.",
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          lang: "en",
          data: { url: "/credit/status" },
          tag: "lottoup-42",
        },
      },
    ]);
    expect(hidden.posted).toEqual([]);
  });

  it("falls back to the language the server sent when the app never told the worker one", async () => {
    const t = fakeWorld([], null);
    await handlePush(t.world, text);
    expect(t.shown[0]?.title).toBe("ការដកប្រាក់បានទូទាត់");
  });

  it("with the app visible: hands the message to the page (snackbar), no system notification", async () => {
    const visible = fakeWindow("https://lottoup.test/lotto", "visible");
    const t = fakeWorld([fakeWindow("https://lottoup.test/main", "hidden"), visible], "th");
    expect(await handlePush(t.world, text)).toBe("foreground");
    expect(t.shown).toEqual([]);
    expect(visible.posted).toEqual([
      {
        type: "PUSH_FOREGROUND",
        messageType: "withdrawal-paid",
        title: "ถอนเงินสำเร็จ",
        body: "โอนเงิน ฿1,000.00 เข้าบัญชีธนาคารของคุณแล้ว",
        url: "/credit/status",
        tag: "lottoup-42",
        lang: "th",
      },
    ]);
  });

  it("only logs what it does not understand", async () => {
    const t = fakeWorld([], "th");
    expect(await handlePush(t.world, JSON.stringify({ data: { type: "promo-blast", params: "{}" } }))).toBe(
      "ignored",
    );
    expect(await handlePush(t.world, "not json")).toBe("ignored");
    expect(await handlePush(t.world, null)).toBe("ignored");
    expect(t.shown).toEqual([]);
    expect(t.logs).toHaveLength(3);
  });

  it("a tap focuses the window already on the target, else takes an open window there, else opens one", async () => {
    const onTarget = fakeWindow("https://lottoup.test/credit/status", "hidden");
    const other = fakeWindow("https://lottoup.test/main", "visible");
    const a = fakeWorld([other, onTarget]);
    await handleNotificationClick(a.world, { url: "/credit/status" });
    expect(onTarget.events).toEqual(["focus"]);
    expect(other.events).toEqual([]);

    const b = fakeWorld([other]);
    await handleNotificationClick(b.world, { url: "/poy/gov/7" });
    expect(other.events).toEqual(["focus", "navigate https://lottoup.test/poy/gov/7"]);
    expect(b.opened).toEqual([]);

    const uncontrolled = fakeWindow("https://lottoup.test/main", "visible", false);
    const c = fakeWorld([uncontrolled]);
    await handleNotificationClick(c.world, { url: "/poy/gov/7" });
    expect(c.opened).toEqual(["https://lottoup.test/poy/gov/7"]);

    const d = fakeWorld([]);
    await handleNotificationClick(d.world, { url: "https://evil.example/" });
    expect(d.opened).toEqual(["https://lottoup.test/main"]);
  });
});
