import * as v from "valibot";
import { text } from "./text.ts";

/**
 * Account rules (docs/rules.md "Accounts"): sign-up, login, profile, change and forgotten password.
 *
 * Pure TypeScript shared by the app and the server. Every issue a schema below produces carries, as its
 * `message`, a key of ACCOUNT_MESSAGES (never English text): the client translates the key, the server returns
 * it as the error `code`. Show the first issue (`firstIssueKey`): a pipe reports every rule an input breaks, in
 * the order of the checks, most basic first.
 */

/**
 * Stable key -> English source text. The product's own texts are verbatim (including its punctuation); the others
 * are ours.
 */
export const ACCOUNT_MESSAGES = {
  usernameRequired: "Username is required",
  usernameFormat: "Username may contain only lowercase English letters (a-z) and digits (0-9).",
  usernameMinLength: "Username must be at least 6 characters.",
  usernameMaxLength: "Username must be at most 30 characters.",
  usernameRepeat: "Username must not repeat the same character more than 4 times in a row.",
  passwordRequired: "Password is required",
  pinRequired: "Please enter your PIN",
  passwordInvalid: "Password is invalid",
  passwordMinLength: "Password must be at least 8 characters",
  passwordMaxLength: "Password must not be greater than 30.",
  passwordRules:
    "Password must be at least 1 special character, 1 uppercase, at least 1 number, minimum 8 digits and maximum 30 digits.",
  /** Spec text; no schema emits it. Kept for a strength meter in the UI. */
  passwordWeak: "Your password is too weak.",
  passwordsMismatch: "Passwords do not match.",
  emailRequired: "Email is required.",
  emailInvalid: "Email is invalid.",
  nameLength: "Name must be 2 to 30 characters.",
  nameInvalid: "Name must not contain line breaks or control characters.",
  phoneNumberRequired: "Phone number is required.",
  phoneNumberInvalid:
    "Phone number is invalid. Enter a Thai mobile number: 10 digits starting with 06, 08 or 09.",
  agentIdInvalid: "Agent ID is invalid.",
  refUidInvalid: "Referrer ID is invalid.",
  avatarInvalid: "Avatar is invalid.",
  lineIdTooLong: "LINE ID must be at most 50 characters.",
  valueTooLong: "This value is too long.",
  textInvalid:
    "This text contains a character that is not allowed (a line break, a control or an invisible formatting character).",
  otpCodeRequired: "Please enter the verification code.",
  otpCodeInvalid: "The verification code must be 6 digits.",
  otpRefInvalid: "The verification reference is invalid.",
  /** The body is not an object, or a field has the wrong JSON type where no field-specific key applies. */
  requestInvalid: "The request is invalid.",
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

export function isAccountMessageKey(value: unknown): value is AccountMessageKey {
  return typeof value === "string" && Object.hasOwn(ACCOUNT_MESSAGES, value);
}

/** Key -> itself, so a misspelt key in a schema below is a type error. */
const K = Object.fromEntries(Object.keys(ACCOUNT_MESSAGES).map((key) => [key, key])) as {
  readonly [P in AccountMessageKey]: P;
};

// ---------------------------------------------------------------------------------------------------------------
// Limits

export const USERNAME_MIN_LENGTH = 6;
/** The product gives no maximum for usernames; we decide 30, the same as passwords and names. */
export const USERNAME_MAX_LENGTH = 30;
/** The same character may appear at most 4 times in a row: "aaaa12" is valid, "aaaaa1" is not. */
export const USERNAME_MAX_REPEAT = 4;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
/** The special characters the product lists (docs/rules.md "Accounts"); note that the set includes the space. */
export const PASSWORD_SPECIAL_CHARACTERS = "#?!@$ %^&*-";
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 30;
export const EMAIL_MAX_LENGTH = 254;
export const LINE_ID_MAX_LENGTH = 50;
export const AVATAR_MAX_LENGTH = 500;
/** referUrl, registerFromDomain, slug, employeeSlug. */
export const SIGNUP_TEXT_MAX_LENGTH = 500;
/**
 * The most characters any field takes before its own rules run (names, PINs, codes): a hostile value stops
 * here, and a slightly long one still gets the field's own message ("Username must be at most 30 characters").
 */
const FIELD_INPUT_MAX = 200;
/** agent_id and ref_uid are Postgres `integer` columns. */
const ID_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------------------------
// Username

const USERNAME_CHARS = /^[a-z0-9]*$/;
const USERNAME_REPEAT = /(.)\1{4}/;

/**
 * Sign-up username: lowercase English letters and digits only, 6 to 30 characters, no character more than
 * 4 times in a row anywhere in the name (the product's other reading, "the first 4 characters must not repeat", is
 * not used). Deliberately not trimmed or lowercased: what the member typed is what they will log in with, so
 * "Abc123" or " abc123" is refused rather than silently changed.
 */
export const UsernameSchema = v.pipe(
  text(FIELD_INPUT_MAX, K.usernameRequired, K.usernameFormat),
  v.nonEmpty(K.usernameRequired),
  v.regex(USERNAME_CHARS, K.usernameFormat),
  v.minLength(USERNAME_MIN_LENGTH, K.usernameMinLength),
  v.maxLength(USERNAME_MAX_LENGTH, K.usernameMaxLength),
  v.check((name) => !USERNAME_REPEAT.test(name), K.usernameRepeat),
);

export function isValidUsername(value: string): boolean {
  return v.is(UsernameSchema, value);
}

/**
 * Where an existing account is named (login, forgotten password): presence only, trimmed and lowercased. A
 * name that breaks the sign-up rules simply matches no account, so it gets the same answer as a wrong one.
 */
const AccountNameSchema = v.pipe(
  text(FIELD_INPUT_MAX, K.usernameRequired, K.usernameFormat),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty(K.usernameRequired),
);

// ---------------------------------------------------------------------------------------------------------------
// Password / PIN

const PASSWORD_CHARS = /^[A-Za-z0-9#?!@$ %^&*-]*$/;
const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
const SPECIAL = /[#?!@$ %^&*-]/;

export interface PasswordChecks {
  /** 8 to 30 characters. */
  readonly length: boolean;
  readonly upper: boolean;
  readonly lower: boolean;
  readonly digit: boolean;
  /** One of `#?!@$ %^&*-` (space included). */
  readonly special: boolean;
}

/** Which password rules `password` meets, for a live checklist while the member types. */
export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    upper: UPPER.test(password),
    lower: LOWER.test(password),
    digit: DIGIT.test(password),
    special: SPECIAL.test(password),
  };
}

/**
 * A new password (the app calls it PIN): 8 to 30 characters with at least one uppercase and one lowercase
 * English letter, one digit and one special character from `#?!@$ %^&*-`. Decision: no other character is
 * allowed (no `_`, `.`, Thai letters, tabs...), so every valid password can be typed on any keyboard the
 * member may log in from. Not trimmed: the space is one of the special characters.
 */
export const PasswordSchema = v.pipe(
  text(FIELD_INPUT_MAX, K.passwordRequired, K.passwordInvalid),
  v.nonEmpty(K.passwordRequired),
  v.minLength(PASSWORD_MIN_LENGTH, K.passwordMinLength),
  v.maxLength(PASSWORD_MAX_LENGTH, K.passwordMaxLength),
  v.regex(PASSWORD_CHARS, K.passwordInvalid),
  v.check((password) => {
    const checks = passwordChecks(password);
    return checks.upper && checks.lower && checks.digit && checks.special;
  }, K.passwordRules),
);

export function isValidPassword(value: string): boolean {
  return v.is(PasswordSchema, value);
}

/** The confirmation field lives only in the client: `passwordsMismatch` when the two differ, else null. */
export function passwordsMatch(password: string, confirmation: string): "passwordsMismatch" | null {
  return password === confirmation ? null : K.passwordsMismatch;
}

// ---------------------------------------------------------------------------------------------------------------
// Name, email, phone number

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** 2 to 30 characters (code points, as Postgres counts them) after trimming; no line breaks or control chars. */
export const NameSchema = v.pipe(
  text(FIELD_INPUT_MAX, K.nameLength, K.nameInvalid),
  v.trim(),
  v.check((name) => !CONTROL_CHARS.test(name), K.nameInvalid),
  v.check((name) => {
    const length = [...name].length;
    return length >= NAME_MIN_LENGTH && length <= NAME_MAX_LENGTH;
  }, K.nameLength),
);

/** Trimmed; at most 254 characters; valibot's email pattern (ASCII addresses). */
export const EmailSchema = v.pipe(
  text(EMAIL_MAX_LENGTH + FIELD_INPUT_MAX, K.emailRequired, K.emailInvalid),
  v.trim(),
  v.nonEmpty(K.emailRequired),
  v.maxLength(EMAIL_MAX_LENGTH, K.emailInvalid),
  v.email(K.emailInvalid),
);

const THAI_MOBILE = /^0[689][0-9]{8}$/;

/**
 * A Thai mobile number in its 10-digit national form (0XXXXXXXXX, starting 06, 08 or 09), or null.
 * Accepts spaces and dashes anywhere, and the country code as +66, 0066 or 66 (with or without the trunk 0
 * after it): "081-234-5678", "+66 81 234 5678", "66812345678" and "+660812345678" all give "0812345678".
 * Landlines (02..., 03...) and other countries' numbers give null.
 */
export function normalizePhoneNumber(input: string): string | null {
  if (input.length > 40) return null;
  const compact = input.replace(/[\s-]/g, "");
  let national = compact;
  const international = /^(?:\+66|0066|66)([0-9]{9}|0[0-9]{9})$/.exec(compact);
  if (international?.[1] !== undefined) {
    const rest = international[1];
    national = rest.length === 9 ? `0${rest}` : rest;
  }
  return THAI_MOBILE.test(national) ? national : null;
}

/** Output: the normalised 10-digit form. */
export const PhoneNumberSchema = v.pipe(
  text(FIELD_INPUT_MAX, K.phoneNumberRequired, K.phoneNumberInvalid),
  v.trim(),
  v.nonEmpty(K.phoneNumberRequired),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const phone = normalizePhoneNumber(dataset.value);
    if (phone === null) {
      addIssue({ message: K.phoneNumberInvalid });
      return NEVER;
    }
    return phone;
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// Helpers for request bodies

/**
 * `v.object` whose missing required keys report what the field's own schema reports for `undefined` (so a
 * missing userName is `usernameRequired`, not valibot's English "Invalid key"); a body that is not an object
 * is `requestInvalid`. Unknown keys are dropped from the output.
 */
function accountObject<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    if (typeof key === "string" && Object.hasOwn(entries, key)) {
      const message = v.safeParse(entries[key] as v.GenericSchema, undefined).issues?.[0]?.message;
      if (isAccountMessageKey(message)) return message;
    }
    return K.requestInvalid;
  });
}

/**
 * agentId / refUid: a number, a numeric string, "", null or missing. Output: a positive integer, or undefined
 * for empty, null, missing and 0, which mean "the locale's centre agent" (docs/rules.md "Field names"); the caller
 * decides what that is.
 */
function optionalIdSchema(message: "agentIdInvalid" | "refUidInvalid") {
  return v.optional(
    v.pipe(
      v.union([v.number(message), text(FIELD_INPUT_MAX, message, message), v.null(message)], message),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const raw = dataset.value;
        if (raw === null) return undefined;
        let id: number;
        if (typeof raw === "number") id = raw;
        else {
          const text = raw.trim();
          if (text === "") return undefined;
          id = /^[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN;
        }
        if (!Number.isInteger(id) || id < 0 || id > ID_MAX) {
          addIssue({ message });
          return NEVER;
        }
        return id === 0 ? undefined : id;
      }),
    ),
  );
}

/** Trimmed, at most `maxLength` characters; "", null or missing -> undefined. */
function optionalTextSchema(maxLength: number) {
  return v.optional(
    v.pipe(
      // Room for the spaces trimming removes.
      v.nullable(text(maxLength + FIELD_INPUT_MAX)),
      v.transform((text) => text?.trim() ?? ""),
      v.maxLength(maxLength, K.valueTooLong),
      v.transform((text) => (text === "" ? undefined : text)),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Request bodies

/** POST users.signup. */
export const SignupSchema = accountObject({
  userName: UsernameSchema,
  password: PasswordSchema,
  phoneNumber: PhoneNumberSchema,
  agentId: optionalIdSchema(K.agentIdInvalid),
  refUid: optionalIdSchema(K.refUidInvalid),
  referUrl: optionalTextSchema(SIGNUP_TEXT_MAX_LENGTH),
  registerFromDomain: optionalTextSchema(SIGNUP_TEXT_MAX_LENGTH),
  slug: optionalTextSchema(SIGNUP_TEXT_MAX_LENGTH),
  employeeSlug: optionalTextSchema(SIGNUP_TEXT_MAX_LENGTH),
});

/**
 * POST users.login. Only presence is checked (`usernameRequired`, `pinRequired`): a name or password that
 * breaks the sign-up rules must get the same answer as wrong credentials. The server may use isValidUsername /
 * isValidPassword to answer such attempts without hashing anything.
 */
export const LoginSchema = accountObject({
  userName: AccountNameSchema,
  password: v.pipe(text(FIELD_INPUT_MAX, K.pinRequired, K.passwordInvalid), v.nonEmpty(K.pinRequired)),
});

/** POST change password: the old one need only be present; the new one meets every rule. */
export const ChangePasswordSchema = accountObject({
  oldPassword: v.pipe(
    text(FIELD_INPUT_MAX, K.passwordRequired, K.passwordInvalid),
    v.nonEmpty(K.passwordRequired),
  ),
  newPassword: PasswordSchema,
});

const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#][^\s\\"'<>`]*)?$/;
/** Root-relative path on this site ("/avatars/3.png"); "//host" (another site) and "/\\" are refused. */
const RELATIVE_URL = /^\/(?![/\\])[^\s\\"'<>`]*$/;
const AVATAR_PRESET = /^[A-Za-z0-9][A-Za-z0-9_-]{0,49}$/;

/**
 * POST /users-infos.update. Every field is optional; a missing one is left unchanged.
 * - avatar: an https URL, a root-relative path or a preset id ("avatar-3"), at most 500 characters.
 * - email: when present it must be a valid address ("" -> emailRequired).
 * - lineId: trimmed, at most 50 characters; "" clears it.
 * - name: 2 to 30 characters after trimming.
 */
export const ProfileUpdateSchema = accountObject({
  avatar: v.optional(
    v.pipe(
      text(AVATAR_MAX_LENGTH + FIELD_INPUT_MAX, K.avatarInvalid, K.avatarInvalid),
      v.trim(),
      v.maxLength(AVATAR_MAX_LENGTH, K.avatarInvalid),
      v.check(
        (avatar) =>
          !CONTROL_CHARS.test(avatar) &&
          (HTTPS_URL.test(avatar) || RELATIVE_URL.test(avatar) || AVATAR_PRESET.test(avatar)),
        K.avatarInvalid,
      ),
    ),
  ),
  email: v.optional(EmailSchema),
  lineId: v.optional(
    v.pipe(
      text(LINE_ID_MAX_LENGTH + FIELD_INPUT_MAX),
      v.trim(),
      v.maxLength(LINE_ID_MAX_LENGTH, K.lineIdTooLong),
      v.check((lineId) => !CONTROL_CHARS.test(lineId), K.requestInvalid),
    ),
  ),
  name: v.optional(NameSchema),
});

/** POST /users.phone-number.update. */
export const PhoneNumberUpdateSchema = accountObject({ phoneNumber: PhoneNumberSchema });

/**
 * Forgotten password, step 1 (send the OTP). The account is named as at login (trimmed, lowercased, presence
 * only); the phone number is normalised.
 */
export const ForgotPasswordRequestSchema = accountObject({
  userName: AccountNameSchema,
  phoneNumber: PhoneNumberSchema,
});

/** Forgotten password, step 2: the 6-digit code, the reference shown with it (4-8 of A-Z, 0-9), the new one. */
export const ForgotPasswordResetSchema = accountObject({
  userName: AccountNameSchema,
  phoneNumber: PhoneNumberSchema,
  otpCode: v.pipe(
    text(FIELD_INPUT_MAX, K.otpCodeRequired, K.otpCodeInvalid),
    v.trim(),
    v.nonEmpty(K.otpCodeRequired),
    v.regex(/^[0-9]{6}$/, K.otpCodeInvalid),
  ),
  refOtpCode: v.pipe(
    text(FIELD_INPUT_MAX, K.otpRefInvalid, K.otpRefInvalid),
    v.trim(),
    v.regex(/^[A-Z0-9]{4,8}$/, K.otpRefInvalid),
  ),
  newPassword: PasswordSchema,
});

export type SignupInput = v.InferInput<typeof SignupSchema>;
export type SignupData = v.InferOutput<typeof SignupSchema>;
export type LoginInput = v.InferInput<typeof LoginSchema>;
export type LoginData = v.InferOutput<typeof LoginSchema>;
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;
export type ChangePasswordData = v.InferOutput<typeof ChangePasswordSchema>;
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>;
export type ProfileUpdateData = v.InferOutput<typeof ProfileUpdateSchema>;
export type PhoneNumberUpdateData = v.InferOutput<typeof PhoneNumberUpdateSchema>;
export type ForgotPasswordRequestInput = v.InferInput<typeof ForgotPasswordRequestSchema>;
export type ForgotPasswordRequestData = v.InferOutput<typeof ForgotPasswordRequestSchema>;
export type ForgotPasswordResetInput = v.InferInput<typeof ForgotPasswordResetSchema>;
export type ForgotPasswordResetData = v.InferOutput<typeof ForgotPasswordResetSchema>;

/**
 * The key of a parse result's first issue, or null when it succeeded. Accepts `v.safeParse` results (and
 * anything with an `issues` list).
 */
export function firstIssueKey(result: {
  readonly issues?: readonly { readonly message: string }[] | undefined;
}): AccountMessageKey | null {
  const message = result.issues?.[0]?.message;
  if (message === undefined) return null;
  return isAccountMessageKey(message) ? message : K.requestInvalid;
}
