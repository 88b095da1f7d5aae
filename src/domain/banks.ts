/**
 * Thai banks a member can register (to withdraw to) and deposit from, as data shared by the app and the server
 * (docs/wallet-api.md "Bank accounts"), plus the account-number and holder-name rules around them.
 *
 * Ids are the lowercase `code`s below; store `bank.code`, never what a client sent.
 */

export type BankCode =
  | "bbl"
  | "kbank"
  | "ktb"
  | "ttb"
  | "scb"
  | "cimbt"
  | "uob"
  | "bay"
  | "gsb"
  | "ghb"
  | "baac"
  | "ibank"
  | "tisco"
  | "kkp"
  | "icbc"
  | "tcrb"
  | "lhb";

export interface ThaiBank {
  /** Our id, lowercase. */
  code: BankCode;
  /** The 3-digit Bank of Thailand institution code (e.g. "004" for KBANK). */
  swiftOrBotCode: string;
  nameTh: string;
  nameEn: string;
  /** The short name people use, shown on the badge (e.g. "KBANK"). */
  short: string;
  /**
   * Badge colour: near the bank's brand colour, darkened where needed so that white text on it keeps a contrast
   * of at least 3:1 (WCAG AA for large bold text).
   */
  color: string;
  /** Allowed account-number lengths (digits). */
  accountDigits: readonly number[];
  /** Original round badge (public/banks/<code>.svg), not the bank's logo. */
  logo: string;
  /** Display grouping of a 10-digit number when the bank prints it differently from xxx-x-xxxxx-x. */
  grouping10?: readonly number[];
}

function bank(
  code: BankCode,
  swiftOrBotCode: string,
  short: string,
  nameTh: string,
  nameEn: string,
  color: string,
  accountDigits: readonly number[],
  grouping10?: readonly number[],
): ThaiBank {
  const entry: ThaiBank = {
    code,
    swiftOrBotCode,
    nameTh,
    nameEn,
    short,
    color,
    accountDigits,
    logo: `/banks/${code}.svg`,
  };
  if (grouping10) entry.grouping10 = grouping10;
  return entry;
}

/**
 * In Bank of Thailand code order. Account lengths: 10 digits for the commercial banks; the specialized state banks
 * (GSB, GHB, BAAC) use 12. Thai Credit Bank numbers are 10 or 14 digits depending on the product. A length
 * missing here only refuses a registration (the member sees BANK_ACCOUNT_INVALID), so amend the data if a real
 * account is refused.
 */
export const THAI_BANKS: readonly ThaiBank[] = [
  bank("bbl", "002", "BBL", "ธนาคารกรุงเทพ", "Bangkok Bank", "#1e4598", [10]),
  bank("kbank", "004", "KBANK", "ธนาคารกสิกรไทย", "Kasikornbank", "#138f2d", [10]),
  bank("ktb", "006", "KTB", "ธนาคารกรุงไทย", "Krungthai Bank", "#0f82b5", [10]),
  bank("ttb", "011", "TTB", "ธนาคารทหารไทยธนชาต", "TMBThanachart Bank", "#1279be", [10]),
  // SCB prints its numbers as xxx-xxxxxx-x.
  bank("scb", "014", "SCB", "ธนาคารไทยพาณิชย์", "Siam Commercial Bank", "#4e2e7f", [10], [3, 6, 1]),
  bank("cimbt", "022", "CIMBT", "ธนาคารซีไอเอ็มบี ไทย", "CIMB Thai Bank", "#7e2f36", [10]),
  bank("uob", "024", "UOB", "ธนาคารยูโอบี", "United Overseas Bank (Thai)", "#0b3979", [10]),
  bank("bay", "025", "BAY", "ธนาคารกรุงศรีอยุธยา", "Bank of Ayudhya (Krungsri)", "#a07800", [10]),
  bank("gsb", "030", "GSB", "ธนาคารออมสิน", "Government Savings Bank", "#d6147c", [12]),
  bank("ghb", "033", "GHB", "ธนาคารอาคารสงเคราะห์", "Government Housing Bank", "#d0630f", [12]),
  bank(
    "baac",
    "034",
    "BAAC",
    "ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร",
    "Bank for Agriculture and Agricultural Cooperatives",
    "#4b9b1d",
    [12],
  ),
  bank("ibank", "066", "IBANK", "ธนาคารอิสลามแห่งประเทศไทย", "Islamic Bank of Thailand", "#184615", [10]),
  bank("tisco", "067", "TISCO", "ธนาคารทิสโก้", "TISCO Bank", "#12549f", [10]),
  bank("kkp", "069", "KKP", "ธนาคารเกียรตินาคินภัทร", "Kiatnakin Phatra Bank", "#137aa0", [10]),
  bank("icbc", "070", "ICBC", "ธนาคารไอซีบีซี (ไทย)", "ICBC (Thai)", "#c50f1c", [10]),
  bank("tcrb", "071", "TCRB", "ธนาคารไทยเครดิต", "Thai Credit Bank", "#0a4ab3", [10, 14]),
  bank("lhb", "073", "LHB", "ธนาคารแลนด์ แอนด์ เฮ้าส์", "Land and Houses Bank", "#6d6e71", [10]),
];

const BY_CODE = new Map<string, ThaiBank>(THAI_BANKS.map((b) => [b.code, b]));

/** The bank with this code (case and surrounding spaces ignored: "KBANK" finds kbank), else undefined. */
export function bankByCode(code: unknown): ThaiBank | undefined {
  if (typeof code !== "string") return undefined;
  return BY_CODE.get(code.trim().toLowerCase());
}

const THAI_DIGIT_ZERO = 0x0e50; // ๐

/**
 * An account number as typed ("123-4-56789-0", "123 456 7890", Thai digits ๐-๙ too) -> its digits "1234567890".
 * Spaces and dashes are dropped; any other character (letters, dots, signs), or nothing left, gives null.
 */
export function normalizeAccountNumber(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const stripped = input
    .replace(/[\s\u00a0\u2010-\u2015\u2212-]/g, "")
    .replace(/[๐-๙]/g, (d) => String((d.codePointAt(0) as number) - THAI_DIGIT_ZERO));
  return /^\d+$/.test(stripped) ? stripped : null;
}

export type BankAccountRefusal = "BANK_UNKNOWN" | "BANK_ACCOUNT_INVALID";

/**
 * Null when `number` (as typed; see normalizeAccountNumber) is a plausible account of bank `code`: digits only, a
 * length that bank uses, and not one digit repeated ("0000000000"). Store `normalizeAccountNumber(number)`.
 */
export function validateBankAccount(code: unknown, number: unknown): BankAccountRefusal | null {
  const found = bankByCode(code);
  if (!found) return "BANK_UNKNOWN";
  const digits = normalizeAccountNumber(number);
  if (digits === null) return "BANK_ACCOUNT_INVALID";
  if (!found.accountDigits.includes(digits.length)) return "BANK_ACCOUNT_INVALID";
  if (/^(\d)\1*$/.test(digits)) return "BANK_ACCOUNT_INVALID";
  return null;
}

function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join("-");
}

/** Group sizes of 3 or 4 for `length` digits, as even as possible, longer groups first (12 -> 4-4-4, 14 -> 4-4-3-3). */
function evenGroups(length: number): number[] {
  const count = Math.ceil(length / 4);
  const small = Math.floor(length / count);
  const larger = length - small * count;
  return Array.from({ length: count }, (_, i) => (i < larger ? small + 1 : small));
}

/**
 * An account number for display: 10 digits as xxx-x-xxxxx-x (the bank's own grouping where it has one, SCB
 * xxx-xxxxxx-x), other lengths in dash-separated groups of 3-4 digits. Input that is not an account number
 * (see normalizeAccountNumber) comes back unchanged.
 */
export function formatAccountNumber(code: unknown, digits: string): string {
  const normalized = normalizeAccountNumber(digits);
  if (normalized === null) return digits;
  if (normalized.length < 7) return normalized;
  if (normalized.length === 10) return group(normalized, bankByCode(code)?.grouping10 ?? [3, 1, 5, 1]);
  return group(normalized, evenGroups(normalized.length));
}

/**
 * An account number with all but its last four digits replaced by "*", length kept and no grouping, for any
 * bank: "1234567890" -> "******7890". Four digits or fewer are masked entirely (showing them would show it all).
 * Input that is not an account number gives "".
 */
export function maskAccountNumber(digits: string): string {
  const normalized = normalizeAccountNumber(digits);
  if (normalized === null) return "";
  if (normalized.length <= 4) return "*".repeat(normalized.length);
  return "*".repeat(normalized.length - 4) + normalized.slice(-4);
}

/**
 * Titles a name may start with, as banks and members write them. Longest first where one begins another
 * (นางสาว before นาง), since the first match is removed.
 */
const THAI_TITLES = ["นางสาว", "เด็กชาย", "เด็กหญิง", "น.ส.", "น.ส", "ด.ช.", "ด.ญ.", "ด.ช", "ด.ญ", "นาย", "นาง"];
/** English titles: a whole word, with or without a dot. */
const ENGLISH_TITLE = /^(?:mrs|mr|miss|ms|mstr|master)(?:\.\s*|\s+)/;

function comparableName(name: unknown): string {
  if (typeof name !== "string") return "";
  let text = name.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
  const english = ENGLISH_TITLE.exec(text);
  if (english) text = text.slice(english[0].length);
  else {
    const thai = THAI_TITLES.find((title) => text.startsWith(title));
    if (thai) text = text.slice(thai.length);
  }
  return text.trim();
}

/**
 * Whether two account-holder names are the same person: compared case-insensitively, with runs of whitespace
 * as one space, after removing one leading title (นาย, นาง, นางสาว, น.ส., ด.ช., ด.ญ., เด็กชาย, เด็กหญิง; Mr,
 * Mrs, Miss, Ms, Master, with or without a dot). A missing or empty name (or a bare title) never matches.
 */
export function holderNamesMatch(a: unknown, b: unknown): boolean {
  const left = comparableName(a);
  return left !== "" && left === comparableName(b);
}

/** The original badge for a bank: a circle in its colour with its short name in white (public/banks/<code>.svg). */
export function bankBadgeSvg(entry: ThaiBank): string {
  const fontSize = entry.short.length <= 3 ? 20 : entry.short.length === 4 ? 16 : 13;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${entry.short}">` +
    `<circle cx="32" cy="32" r="32" fill="${entry.color}"/>` +
    `<text x="32" y="32" dy=".35em" fill="#fff" font-family="Arial,Helvetica,sans-serif" font-size="${fontSize}" ` +
    `font-weight="700" text-anchor="middle">${entry.short}</text></svg>\n`
  );
}
