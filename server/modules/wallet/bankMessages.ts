import type { FastifyRequest } from "fastify";
import { resolveUserLocale, type UserLocale } from "../../../src/domain/locale.ts";

/**
 * docs/rules.md "Messages": the add-bank page shows the server's message field as it is, so these messages are written
 * for players in the language the app sends (`x-locale`), Thai by default.
 */
const BANK_MESSAGES = {
  BANK_UNKNOWN: {
    th: "กรุณาเลือกธนาคารจากรายการ",
    en: "Please choose a bank from the list.",
    kh: "សូមជ្រើសរើសធនាគារពីបញ្ជី។",
    mm: "စာရင်းထဲမှ ဘဏ်တစ်ခုကို ရွေးချယ်ပါ။",
  },
  BANK_ACCOUNT_INVALID: {
    th: "เลขบัญชีนี้ไม่ถูกต้องสำหรับธนาคารที่เลือก",
    en: "This account number is not valid for the chosen bank.",
    kh: "លេខគណនីនេះមិនត្រឹមត្រូវសម្រាប់ធនាគារដែលបានជ្រើសរើសទេ។",
    mm: "ဤအကောင့်နံပါတ်သည် ရွေးထားသော ဘဏ်အတွက် မမှန်ကန်ပါ။",
  },
  NAME_REQUIRED: {
    th: "กรุณาเพิ่มชื่อ-นามสกุล (ตรงกับชื่อบัญชีธนาคาร) ในโปรไฟล์ของคุณก่อน",
    en: "Please add your full name (as on your bank account) to your profile first.",
    kh: "សូមបន្ថែមឈ្មោះពេញរបស់អ្នក (ដូចក្នុងគណនីធនាគារ) ទៅក្នុងប្រវត្តិរូបរបស់អ្នកជាមុនសិន។",
    mm: "သင့်ပရိုဖိုင်တွင် အမည်အပြည့်အစုံ (ဘဏ်အကောင့်ပေါ်ရှိအတိုင်း) ကို ဦးစွာ ထည့်ပါ။",
  },
  BANK_LIMIT: {
    th: "ลงทะเบียนบัญชีธนาคารได้สูงสุด 3 บัญชี",
    en: "You can register at most 3 bank accounts.",
    kh: "អ្នកអាចចុះឈ្មោះគណនីធនាគារបានច្រើនបំផុត 3។",
    mm: "ဘဏ်အကောင့် အများဆုံး ၃ ခုသာ မှတ်ပုံတင်နိုင်ပါသည်။",
  },
  BANK_ACCOUNT_TAKEN: {
    th: "บัญชีธนาคารนี้ถูกลงทะเบียนแล้ว",
    en: "This bank account is already registered.",
    kh: "គណនីធនាគារនេះត្រូវបានចុះឈ្មោះរួចហើយ។",
    mm: "ဤဘဏ်အကောင့်ကို မှတ်ပုံတင်ပြီးသား ဖြစ်ပါသည်။",
  },
} as const satisfies Record<string, Record<UserLocale, string>>;

export type BankMessageCode = keyof typeof BANK_MESSAGES;

export function bankMessage(request: FastifyRequest, code: BankMessageCode): string {
  const header = request.headers["x-locale"];
  return BANK_MESSAGES[code][resolveUserLocale(typeof header === "string" ? header : null)];
}
