import { isNotificationType, type NotificationType } from "../src/domain/contracts/notifications.ts";
import { CATALOG_LOCALE, type CatalogLocale, resolveUserLocale } from "../src/domain/locale.ts";

/**
 * The words of push notifications, built in the service worker (no catalog is loaded there, and a notification
 * must be readable with the app closed and offline). The server sends only a type and string parameters
 * (server/modules/push/outbox.ts); this table turns them into a title and a body in the member's language. The
 * types are the contract's (src/domain/contracts/notifications.ts): a type without its words fails the typecheck.
 */

export type PushLocale = CatalogLocale;

export interface PushMessage {
  type: string;
  params: Record<string, string>;
  /** The app path a tap opens. */
  url: string;
  /** The device's language as the server knew it at registration. */
  locale?: string;
  /** The outbox row: the notification's tag, so a message delivered twice shows once. */
  id?: string;
}

export interface BuiltNotification {
  title: string;
  body: string;
  url: string;
  tag?: string;
  lang: PushLocale;
}

/**
 * Any code the app or the server may hold (th, en, km/kh, my/mm, "en-GB") -> a notification language; else th.
 * The aliases are src/domain/locale.ts's, the one place they are written.
 */
export function pushLocale(code: string | null | undefined): PushLocale {
  return CATALOG_LOCALE[resolveUserLocale(code)];
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;

/**
 * A push's data: FCM's web push puts the message's data map under `data` (every value a string, so `params` is
 * JSON text); a raw `{ type, params, url }` is accepted too. Null when it is not a message of ours.
 */
export function parsePushPayload(raw: unknown): PushMessage | null {
  const data = isRecord(raw) && isRecord(raw.data) ? raw.data : raw;
  if (!isRecord(data) || typeof data.type !== "string" || data.type === "") return null;
  let params: unknown = data.params ?? {};
  if (typeof params === "string") {
    try {
      params = JSON.parse(params);
    } catch {
      return null;
    }
  }
  if (!isRecord(params)) return null;
  const strings: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string" || typeof value === "number") strings[key] = String(value);
  }
  return {
    type: data.type,
    params: strings,
    url: typeof data.url === "string" ? data.url : "/main",
    ...(typeof data.locale === "string" ? { locale: data.locale } : {}),
    ...(typeof data.id === "string" || typeof data.id === "number" ? { id: String(data.id) } : {}),
  };
}

/**
 * Only a path of this app: anything else (another site, `//host`, `javascript:`) opens the member home. The URL is
 * parsed as the browser will parse it, because the parser drops TAB and newline characters: a prefix check passes
 * `"/\t/evil.example"`, which opens `//evil.example`.
 */
export function safePath(url: string): string {
  const base = "https://app.invalid";
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return "/main";
  }
  return url.startsWith("/") && parsed.origin === base
    ? parsed.pathname + parsed.search + parsed.hash
    : "/main";
}

/** "1500.00" -> "1,500.00" (baht strings from the server; digits grouped the same in all four languages). */
export function formatBaht(amount: string | undefined): string {
  if (!amount || !/^-?\d+(\.\d+)?$/.test(amount)) return amount ?? "";
  const [whole = "", fraction] = amount.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

interface Words {
  round: string;
  amount: string;
  top3?: string | undefined;
  bottom2?: string | undefined;
  place?: string | undefined;
  /** Last four digits of a phone or bank account number (account changes). */
  last4?: string | undefined;
  /** A bank's code, upper case ("KBANK"). */
  bank?: string | undefined;
}
type Text = (w: Words) => { title: string; body: string };

/** What a round is called when the message does not say (it always should). */
const SOME_ROUND: Record<PushLocale, string> = {
  th: "งวดล่าสุด",
  en: "the latest round",
  km: "ជុំចុងក្រោយ",
  my: "နောက်ဆုံးအကြိမ်",
};

const TEXTS: Record<NotificationType, Record<PushLocale, Text>> = {
  "poy-won": {
    th: (w) => ({ title: "ยินดีด้วย! คุณถูกรางวัล", body: `โพย ${w.round} ของคุณถูกรางวัล ได้รับ ฿${w.amount}` }),
    en: (w) => ({ title: "Congratulations, you won!", body: `Your slip on ${w.round} won ฿${w.amount}.` }),
    km: (w) => ({
      title: "អបអរសាទរ! អ្នកបានឈ្នះ",
      body: `សន្លឹកភ្នាល់ ${w.round} របស់អ្នកបានឈ្នះ ฿${w.amount}។`,
    }),
    my: (w) => ({ title: "ဂုဏ်ယူပါတယ်၊ သင် ပေါက်ပါပြီ", body: `${w.round} ထီစာရွက်မှ ฿${w.amount} ပေါက်ပါသည်။` }),
  },
  "poy-lost": {
    th: (w) => ({ title: "ผลโพยของคุณ", body: `โพย ${w.round} ของคุณไม่ถูกรางวัลในครั้งนี้` }),
    en: (w) => ({ title: "Your slip's result", body: `Your slip on ${w.round} did not win this time.` }),
    km: (w) => ({
      title: "លទ្ធផលសន្លឹកភ្នាល់របស់អ្នក",
      body: `សន្លឹកភ្នាល់ ${w.round} របស់អ្នកមិនបានឈ្នះលើកនេះទេ។`,
    }),
    my: (w) => ({ title: "သင့်ထီစာရွက် ရလဒ်", body: `${w.round} ထီစာရွက်သည် ဤတစ်ကြိမ် မပေါက်ပါ။` }),
  },
  "round-result": {
    th: (w) => ({
      title: "ผลออกแล้ว",
      body:
        w.top3 && w.bottom2
          ? `${w.round}: สามตัวบน ${w.top3} · สองตัวล่าง ${w.bottom2}`
          : `ผล ${w.round} ออกแล้ว แตะเพื่อดูผล`,
    }),
    en: (w) => ({
      title: "Results are out",
      body:
        w.top3 && w.bottom2
          ? `${w.round}: 3 top ${w.top3} · 2 bottom ${w.bottom2}`
          : `The result of ${w.round} is out. Tap to see it.`,
    }),
    km: (w) => ({
      title: "លទ្ធផលបានចេញហើយ",
      body:
        w.top3 && w.bottom2
          ? `${w.round}: ៣ ខ្ទង់លើ ${w.top3} · ២ ខ្ទង់ក្រោម ${w.bottom2}`
          : `លទ្ធផល ${w.round} បានចេញហើយ។ ចុចដើម្បីមើល។`,
    }),
    my: (w) => ({
      title: "ရလဒ် ထွက်ပါပြီ",
      body:
        w.top3 && w.bottom2
          ? `${w.round}: အပေါ် ၃ လုံး ${w.top3} · အောက် ၂ လုံး ${w.bottom2}`
          : `${w.round} ရလဒ် ထွက်ပါပြီ။ ကြည့်ရန် နှိပ်ပါ။`,
    }),
  },
  "ying-bonus": {
    th: (w) => ({
      title: "คุณได้โบนัสคนยิงเลข",
      body: `เลขที่คุณยิงได้อันดับ #${w.place} ใน ${w.round} รับโบนัส ฿${w.amount}`,
    }),
    en: (w) => ({
      title: "You won the shooter bonus",
      body: `Your shot took place #${w.place} in ${w.round}: a ฿${w.amount} bonus.`,
    }),
    km: (w) => ({
      title: "អ្នកបានឈ្នះប្រាក់រង្វាន់អ្នកបាញ់",
      body: `លេខដែលអ្នកបាញ់បានចំណាត់ថ្នាក់ #${w.place} ក្នុង ${w.round}៖ ប្រាក់រង្វាន់ ฿${w.amount}។`,
    }),
    my: (w) => ({
      title: "ပစ်သူဆုကြေး ရပါပြီ",
      body: `${w.round} တွင် သင်ပစ်သောနံပါတ်သည် အဆင့် #${w.place} ရ၍ ฿${w.amount} ဆုကြေး ရပါသည်။`,
    }),
  },
  // Account changes (docs/security.md "Account takeover"): each tells the member, so one they did not make shows.
  "name-changed": {
    th: () => ({
      title: "ชื่อในบัญชีของคุณถูกเปลี่ยน",
      body: "หากคุณไม่ได้เปลี่ยนเอง กรุณาเปลี่ยน PIN และติดต่อเจ้าหน้าที่ทันที",
    }),
    en: () => ({
      title: "Your account name was changed",
      body: "If this was not you, change your PIN and contact support at once.",
    }),
    km: () => ({
      title: "ឈ្មោះក្នុងគណនីរបស់អ្នកត្រូវបានប្តូរ",
      body: "បើមិនមែនអ្នកទេ សូមប្តូរ PIN ហើយទាក់ទងផ្នែកជំនួយភ្លាម។",
    }),
    my: () => ({
      title: "သင့်အကောင့်အမည်ကို ပြောင်းလိုက်ပါသည်",
      body: "သင်မဟုတ်ပါက PIN ကိုပြောင်းပြီး ဝန်ထမ်းကို ချက်ချင်း ဆက်သွယ်ပါ။",
    }),
  },
  "phone-changed": {
    th: (w) => ({
      title: "เบอร์โทรของคุณถูกเปลี่ยน",
      body: `เบอร์ใหม่ลงท้าย ${w.last4 ?? ""} หากคุณไม่ได้เปลี่ยนเอง กรุณาติดต่อเจ้าหน้าที่ทันที`,
    }),
    en: (w) => ({
      title: "Your phone number was changed",
      body: `The new number ends in ${w.last4 ?? ""}. If this was not you, contact support at once.`,
    }),
    km: (w) => ({
      title: "លេខទូរស័ព្ទរបស់អ្នកត្រូវបានប្តូរ",
      body: `លេខថ្មីបញ្ចប់ដោយ ${w.last4 ?? ""}។ បើមិនមែនអ្នកទេ សូមទាក់ទងផ្នែកជំនួយភ្លាម។`,
    }),
    my: (w) => ({
      title: "သင့်ဖုန်းနံပါတ်ကို ပြောင်းလိုက်ပါသည်",
      body: `နံပါတ်အသစ်သည် ${w.last4 ?? ""} ဖြင့် ဆုံးပါသည်။ သင်မဟုတ်ပါက ဝန်ထမ်းကို ချက်ချင်း ဆက်သွယ်ပါ။`,
    }),
  },
  "bank-added": {
    th: (w) => ({
      title: "มีการเพิ่มบัญชีธนาคาร",
      body: `เพิ่มบัญชี ${w.bank ?? ""} ลงท้าย ${w.last4 ?? ""} แล้ว หากคุณไม่ได้เพิ่มเอง กรุณาติดต่อเจ้าหน้าที่ทันที`,
    }),
    en: (w) => ({
      title: "A bank account was added",
      body: `${w.bank ?? ""} account ending in ${w.last4 ?? ""} was added. If this was not you, contact support at once.`,
    }),
    km: (w) => ({
      title: "គណនីធនាគារត្រូវបានបន្ថែម",
      body: `គណនី ${w.bank ?? ""} បញ្ចប់ដោយ ${w.last4 ?? ""} ត្រូវបានបន្ថែម។ បើមិនមែនអ្នកទេ សូមទាក់ទងផ្នែកជំនួយភ្លាម។`,
    }),
    my: (w) => ({
      title: "ဘဏ်အကောင့်တစ်ခု ထည့်လိုက်ပါသည်",
      body: `${w.last4 ?? ""} ဖြင့်ဆုံးသော ${w.bank ?? ""} အကောင့်ကို ထည့်လိုက်ပါသည်။ သင်မဟုတ်ပါက ဝန်ထမ်းကို ချက်ချင်း ဆက်သွယ်ပါ။`,
    }),
  },
  "pin-changed": {
    th: () => ({
      title: "PIN ของคุณถูกเปลี่ยน",
      body: "หากคุณไม่ได้เปลี่ยนเอง กรุณารีเซ็ต PIN ด้วย SMS และติดต่อเจ้าหน้าที่ทันที",
    }),
    en: () => ({
      title: "Your PIN was changed",
      body: "If this was not you, reset your PIN by SMS and contact support at once.",
    }),
    km: () => ({
      title: "PIN របស់អ្នកត្រូវបានប្តូរ",
      body: "បើមិនមែនអ្នកទេ សូមកំណត់ PIN ឡើងវិញតាម SMS ហើយទាក់ទងផ្នែកជំនួយភ្លាម។",
    }),
    my: () => ({
      title: "သင့် PIN ကို ပြောင်းလိုက်ပါသည်",
      body: "သင်မဟုတ်ပါက SMS ဖြင့် PIN ကို ပြန်သတ်မှတ်ပြီး ဝန်ထမ်းကို ချက်ချင်း ဆက်သွယ်ပါ။",
    }),
  },
  "line-linked": {
    th: () => ({
      title: "มีการเชื่อมต่อ LINE กับบัญชีของคุณ",
      body: "ตอนนี้สามารถเข้าสู่ระบบด้วย LINE ได้ หากคุณไม่ได้เชื่อมต่อเอง กรุณาติดต่อเจ้าหน้าที่ทันที",
    }),
    en: () => ({
      title: "LINE was connected to your account",
      body: "That LINE can now log in to your account. If this was not you, contact support at once.",
    }),
    km: () => ({
      title: "LINE ត្រូវបានភ្ជាប់ទៅគណនីរបស់អ្នក",
      body: "ឥឡូវ LINE នោះអាចចូលគណនីរបស់អ្នកបាន។ បើមិនមែនអ្នកទេ សូមទាក់ទងផ្នែកជំនួយភ្លាម។",
    }),
    my: () => ({
      title: "သင့်အကောင့်နှင့် LINE ကို ချိတ်ဆက်လိုက်ပါသည်",
      body: "ယခု ထို LINE ဖြင့် သင့်အကောင့်သို့ ဝင်နိုင်ပါပြီ။ သင်မဟုတ်ပါက ဝန်ထမ်းကို ချက်ချင်း ဆက်သွယ်ပါ။",
    }),
  },
  "deposit-approved": {
    th: (w) => ({ title: "ฝากเงินสำเร็จ", body: `เพิ่มเงิน ฿${w.amount} เข้ายอดเงินของคุณแล้ว` }),
    en: (w) => ({ title: "Deposit approved", body: `฿${w.amount} has been added to your balance.` }),
    km: (w) => ({ title: "ការដាក់ប្រាក់បានអនុម័ត", body: `ប្រាក់ ฿${w.amount} ត្រូវបានបញ្ចូលទៅសមតុល្យរបស់អ្នកហើយ។` }),
    my: (w) => ({ title: "ငွေသွင်းမှု အတည်ပြုပြီး", body: `฿${w.amount} ကို သင့်လက်ကျန်ငွေထဲ ထည့်ပြီးပါပြီ။` }),
  },
  "deposit-rejected": {
    th: (w) => ({
      title: "รายการฝากเงินไม่ผ่าน",
      body: `รายการฝาก ฿${w.amount} ของคุณไม่ได้รับการอนุมัติ แตะเพื่อดูรายละเอียด`,
    }),
    en: (w) => ({
      title: "Deposit not approved",
      body: `Your deposit of ฿${w.amount} was not approved. Tap for details.`,
    }),
    km: (w) => ({
      title: "ការដាក់ប្រាក់មិនត្រូវបានអនុម័ត",
      body: `ការដាក់ប្រាក់ ฿${w.amount} របស់អ្នកមិនត្រូវបានអនុម័តទេ។ ចុចដើម្បីមើលព័ត៌មានលម្អិត។`,
    }),
    my: (w) => ({
      title: "ငွေသွင်းမှု အတည်မပြုပါ",
      body: `သင်၏ ฿${w.amount} ငွေသွင်းမှုကို အတည်မပြုပါ။ အသေးစိတ်ကြည့်ရန် နှိပ်ပါ။`,
    }),
  },
  "withdrawal-paid": {
    th: (w) => ({ title: "ถอนเงินสำเร็จ", body: `โอนเงิน ฿${w.amount} เข้าบัญชีธนาคารของคุณแล้ว` }),
    en: (w) => ({ title: "Withdrawal paid", body: `฿${w.amount} has been sent to your bank account.` }),
    km: (w) => ({ title: "ការដកប្រាក់បានទូទាត់", body: `ប្រាក់ ฿${w.amount} ត្រូវបានផ្ញើទៅគណនីធនាគាររបស់អ្នកហើយ។` }),
    my: (w) => ({ title: "ငွေထုတ်မှု ပေးချေပြီး", body: `฿${w.amount} ကို သင့်ဘဏ်အကောင့်သို့ ပို့ပြီးပါပြီ။` }),
  },
  "withdrawal-rejected": {
    th: (w) => ({
      title: "รายการถอนเงินถูกปฏิเสธ",
      body: `รายการถอน ฿${w.amount} ถูกปฏิเสธ เงินคืนเข้ายอดเงินของคุณแล้ว`,
    }),
    en: (w) => ({
      title: "Withdrawal rejected",
      body: `Your withdrawal of ฿${w.amount} was rejected; the money is back in your balance.`,
    }),
    km: (w) => ({
      title: "ការដកប្រាក់ត្រូវបានបដិសេធ",
      body: `ការដកប្រាក់ ฿${w.amount} របស់អ្នកត្រូវបានបដិសេធ ប្រាក់បានត្រឡប់ចូលសមតុល្យរបស់អ្នកវិញ។`,
    }),
    my: (w) => ({
      title: "ငွေထုတ်မှု ပယ်ချခံရသည်",
      body: `သင်၏ ฿${w.amount} ငွေထုတ်မှုကို ပယ်ချလိုက်ပါသည်။ ငွေသည် သင့်လက်ကျန်ထဲ ပြန်ရောက်ပါပြီ။`,
    }),
  },
};

/** The notification for a message, in `locale`; null for a type this version does not know (only logged). */
export function buildNotification(message: PushMessage, locale: PushLocale): BuiltNotification | null {
  if (!isNotificationType(message.type)) return null;
  const texts = TEXTS[message.type];
  const p = message.params;
  // Rounds carry their Thai name and their English one; Khmer and Burmese players read the English name.
  const round = (locale === "th" ? p.roundName : p.roundNameEn) || p.roundName || SOME_ROUND[locale];
  const { title, body } = texts[locale]({
    round,
    amount: formatBaht(p.amount),
    top3: p.top3,
    bottom2: p.bottom2,
    place: p.place,
    last4: p.last4,
    bank: p.bank?.toUpperCase(),
  });
  return {
    title,
    body,
    url: safePath(message.url),
    ...(message.id ? { tag: `lottoup-${message.id}` } : {}),
    lang: locale,
  };
}

export const KNOWN_PUSH_TYPES = Object.keys(TEXTS);
