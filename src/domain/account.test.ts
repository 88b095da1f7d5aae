import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_MESSAGES,
  ChangePasswordSchema,
  EmailSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResetSchema,
  firstIssueKey,
  isAccountMessageKey,
  isValidPassword,
  isValidUsername,
  LoginSchema,
  NameSchema,
  normalizePhoneNumber,
  PASSWORD_SPECIAL_CHARACTERS,
  PasswordSchema,
  PhoneNumberSchema,
  PhoneNumberUpdateSchema,
  ProfileUpdateSchema,
  passwordChecks,
  passwordsMatch,
  SignupSchema,
  UsernameSchema,
} from "./account.ts";

/** First issue key of parsing `input`, or null when it is accepted. */
function keyOf(schema: v.GenericSchema, input: unknown) {
  return firstIssueKey(v.safeParse(schema, input));
}

function keysOf(schema: v.GenericSchema, input: unknown): string[] {
  return v.safeParse(schema, input).issues?.map((issue) => issue.message) ?? [];
}

const VALID_SIGNUP = { userName: "somchai01", password: "Abcdef1!", phoneNumber: "0812345678" };

describe("ACCOUNT_MESSAGES", () => {
  it("carries the spec's texts verbatim", () => {
    expect(ACCOUNT_MESSAGES).toMatchObject({
      usernameRequired: "Username is required",
      passwordRequired: "Password is required",
      passwordInvalid: "Password is invalid",
      passwordMinLength: "Password must be at least 8 characters",
      pinRequired: "Please enter your PIN",
      emailRequired: "Email is required.",
      emailInvalid: "Email is invalid.",
      passwordRules:
        "Password must be at least 1 special character, 1 uppercase, at least 1 number, minimum 8 digits and maximum 30 digits.",
      passwordMaxLength: "Password must not be greater than 30.",
      passwordWeak: "Your password is too weak.",
      passwordsMismatch: "Passwords do not match.",
    });
  });

  it("recognises its own keys only", () => {
    expect(isAccountMessageKey("usernameFormat")).toBe(true);
    expect(isAccountMessageKey("toString")).toBe(false);
    expect(isAccountMessageKey("Username is required")).toBe(false);
  });
});

describe("UsernameSchema", () => {
  it.each([
    ["abc123", 6],
    [
      "a".repeat(4) +
        "b".repeat(4) +
        "c".repeat(4) +
        "1".repeat(4) +
        "2".repeat(4) +
        "3".repeat(4) +
        "xyz456",
      30,
    ],
    ["aaaa12", 6],
    ["12aaaa", 6],
    ["ab1111cd", 8],
    ["somchai2024", 11],
  ])("accepts %s", (name, length) => {
    expect(name).toHaveLength(length);
    expect(keyOf(UsernameSchema, name)).toBeNull();
    expect(isValidUsername(name)).toBe(true);
  });

  it("requires a value", () => {
    expect(keyOf(UsernameSchema, "")).toBe("usernameRequired");
    expect(keyOf(UsernameSchema, undefined)).toBe("usernameRequired");
    expect(keyOf(UsernameSchema, 123456)).toBe("usernameRequired");
  });

  it("needs 6 to 30 characters", () => {
    expect(keyOf(UsernameSchema, "abc12")).toBe("usernameMinLength");
    expect(keyOf(UsernameSchema, "abc123")).toBeNull();
    expect(keyOf(UsernameSchema, "abcdefghij".repeat(3))).toBeNull();
    expect(keyOf(UsernameSchema, `${"abcdefghij".repeat(3)}k`)).toBe("usernameMaxLength");
  });

  it.each([
    ["aaaaa1", "at the start"],
    ["1aaaaa", "at the end"],
    ["ab11111cd", "in the middle"],
    ["a".repeat(30), "over the whole name"],
  ])("refuses 5 identical characters in a row: %s (%s)", (name) => {
    expect(keyOf(UsernameSchema, name)).toBe("usernameRepeat");
  });

  it("allows 4 identical characters in a row anywhere, and repeats that are not adjacent", () => {
    for (const name of ["aaaa12", "12aaaa", "1aaaa2", "aaaabaaaab", "abababababab"]) {
      expect(keyOf(UsernameSchema, name)).toBeNull();
    }
  });

  it.each([
    ["Abc123", "uppercase"],
    ["abcDEF", "uppercase"],
    ["สมชาย123", "Thai letters"],
    ["abc_123", "underscore"],
    ["abc.123", "dot"],
    ["abc 123", "space"],
    [" abc123", "leading space (not trimmed)"],
    ["abc123 ", "trailing space (not trimmed)"],
    ["abc-123", "dash"],
    ["ábc123", "accented letter"],
    ["ａbc123", "full-width letter"],
  ])("refuses %s (%s)", (name) => {
    expect(keyOf(UsernameSchema, name)).toBe("usernameFormat");
  });
});

describe("PasswordSchema", () => {
  it("requires a value", () => {
    expect(keyOf(PasswordSchema, "")).toBe("passwordRequired");
    expect(keysOf(PasswordSchema, "")[0]).toBe("passwordRequired");
    expect(keyOf(PasswordSchema, undefined)).toBe("passwordRequired");
    expect(keyOf(PasswordSchema, 12345678)).toBe("passwordRequired");
  });

  it("needs 8 to 30 characters", () => {
    expect(keyOf(PasswordSchema, "Abcde1!")).toBe("passwordMinLength");
    expect(keyOf(PasswordSchema, "Abcdef1!")).toBeNull();
    const thirty = `Ab1!${"x".repeat(26)}`;
    expect(thirty).toHaveLength(30);
    expect(keyOf(PasswordSchema, thirty)).toBeNull();
    expect(keyOf(PasswordSchema, `${thirty}x`)).toBe("passwordMaxLength");
  });

  it.each([
    ["abcdef1!", "uppercase"],
    ["ABCDEF1!", "lowercase"],
    ["Abcdefg!", "digit"],
    ["Abcdefg1", "special character"],
  ])("refuses %s (no %s)", (password) => {
    expect(keyOf(PasswordSchema, password)).toBe("passwordRules");
  });

  it.each(["_", ".", "ก", "\t", "+", "(", "é", "€"])("refuses the disallowed character %j", (char) => {
    expect(keyOf(PasswordSchema, `Abcdef1!${char}`)).toBe("passwordInvalid");
  });

  it("accepts every listed special character, the space included", () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe("#?!@$ %^&*-");
    for (const special of PASSWORD_SPECIAL_CHARACTERS) {
      expect(keyOf(PasswordSchema, `Abcdef1${special}`)).toBeNull();
    }
    expect(keyOf(PasswordSchema, "Abc def 1")).toBeNull();
  });

  it("is not trimmed", () => {
    expect(v.parse(PasswordSchema, " Abcdef1 ")).toBe(" Abcdef1 ");
    expect(isValidPassword(" Abcdef1 ")).toBe(true);
  });
});

describe("passwordChecks", () => {
  it("reports each rule separately", () => {
    expect(passwordChecks("")).toEqual({
      length: false,
      upper: false,
      lower: false,
      digit: false,
      special: false,
    });
    expect(passwordChecks("Abcdef1!")).toEqual({
      length: true,
      upper: true,
      lower: true,
      digit: true,
      special: true,
    });
    expect(passwordChecks("abc")).toEqual({
      length: false,
      upper: false,
      lower: true,
      digit: false,
      special: false,
    });
    expect(passwordChecks("ABCDEFGH 1")).toEqual({
      length: true,
      upper: true,
      lower: false,
      digit: true,
      special: true,
    });
  });

  it("counts 8 to 30 characters as the right length", () => {
    expect(passwordChecks("x".repeat(7)).length).toBe(false);
    expect(passwordChecks("x".repeat(8)).length).toBe(true);
    expect(passwordChecks("x".repeat(30)).length).toBe(true);
    expect(passwordChecks("x".repeat(31)).length).toBe(false);
  });
});

describe("passwordsMatch", () => {
  it("returns the mismatch key only when they differ", () => {
    expect(passwordsMatch("Abcdef1!", "Abcdef1!")).toBeNull();
    expect(passwordsMatch("Abcdef1!", "abcdef1!")).toBe("passwordsMismatch");
    expect(passwordsMatch("Abcdef1!", "Abcdef1! ")).toBe("passwordsMismatch");
  });
});

describe("NameSchema", () => {
  it("needs 2 to 30 characters after trimming", () => {
    expect(keyOf(NameSchema, "A")).toBe("nameLength");
    expect(keyOf(NameSchema, "  A  ")).toBe("nameLength");
    expect(keyOf(NameSchema, "")).toBe("nameLength");
    expect(v.parse(NameSchema, "  Al  ")).toBe("Al");
    expect(keyOf(NameSchema, "x".repeat(30))).toBeNull();
    expect(keyOf(NameSchema, "x".repeat(31))).toBe("nameLength");
  });

  it("counts Thai names by character", () => {
    expect(v.parse(NameSchema, "สมชาย ใจดี")).toBe("สมชาย ใจดี");
    expect(keyOf(NameSchema, "ก".repeat(30))).toBeNull();
    expect(keyOf(NameSchema, "ก".repeat(31))).toBe("nameLength");
    expect(keyOf(NameSchema, "😀".repeat(30))).toBeNull();
  });

  it("refuses control characters inside the name", () => {
    expect(keyOf(NameSchema, "Som\nchai")).toBe("nameInvalid");
    expect(keyOf(NameSchema, "Som\u0000chai")).toBe("nameInvalid");
  });
});

describe("EmailSchema", () => {
  it("requires a valid address of at most 254 characters", () => {
    expect(v.parse(EmailSchema, "  somchai@example.co.th ")).toBe("somchai@example.co.th");
    expect(keyOf(EmailSchema, "")).toBe("emailRequired");
    expect(keyOf(EmailSchema, "   ")).toBe("emailRequired");
    expect(keyOf(EmailSchema, undefined)).toBe("emailRequired");
    for (const bad of ["somchai", "somchai@", "@example.com", "som chai@example.com", "a@b", "a@@b.com"]) {
      expect(keyOf(EmailSchema, bad)).toBe("emailInvalid");
    }
    const domain = "@example.com";
    expect(keyOf(EmailSchema, `${"a".repeat(254 - domain.length)}${domain}`)).toBeNull();
    expect(keyOf(EmailSchema, `${"a".repeat(255 - domain.length)}${domain}`)).toBe("emailInvalid");
  });
});

describe("normalizePhoneNumber / PhoneNumberSchema", () => {
  it.each([
    "0812345678",
    "081-234-5678",
    "081 234 5678",
    " 081 - 234 - 5678 ",
    "+66812345678",
    "+66 81 234 5678",
    "+66-81-234-5678",
    "66812345678",
    "0066812345678",
    "+660812345678",
  ])("normalises %j to 0812345678", (input) => {
    expect(normalizePhoneNumber(input)).toBe("0812345678");
    expect(v.parse(PhoneNumberSchema, input)).toBe("0812345678");
  });

  it("accepts the 06, 08 and 09 mobile ranges", () => {
    expect(normalizePhoneNumber("0612345678")).toBe("0612345678");
    expect(normalizePhoneNumber("0912345678")).toBe("0912345678");
    expect(normalizePhoneNumber("+66912345678")).toBe("0912345678");
  });

  it.each([
    ["0212345678", "Bangkok landline"],
    ["021234567", "9-digit landline"],
    ["+6621234567", "landline with country code"],
    ["0712345678", "07 is not a mobile range"],
    ["081234567", "9 digits"],
    ["08123456789", "11 digits"],
    ["8123456789", "no leading 0"],
    ["+1 812 345 6789", "another country"],
    ["+6681234567", "country code with 8 digits"],
    ["081.234.5678", "dots"],
    ["(081) 234 5678", "parentheses"],
    ["o812345678", "letter o"],
    ["", "empty"],
  ])("refuses %j (%s)", (input) => {
    expect(normalizePhoneNumber(input)).toBeNull();
  });

  it("reports a missing and an invalid number differently", () => {
    expect(keyOf(PhoneNumberSchema, "")).toBe("phoneNumberRequired");
    expect(keyOf(PhoneNumberSchema, "  ")).toBe("phoneNumberRequired");
    expect(keyOf(PhoneNumberSchema, undefined)).toBe("phoneNumberRequired");
    expect(keyOf(PhoneNumberSchema, "0212345678")).toBe("phoneNumberInvalid");
    expect(keyOf(PhoneNumberSchema, "081234567")).toBe("phoneNumberInvalid");
  });
});

describe("PhoneNumberUpdateSchema", () => {
  it("normalises the number and reports a missing one with its own key", () => {
    expect(v.parse(PhoneNumberUpdateSchema, { phoneNumber: "099 123 4567" })).toEqual({
      phoneNumber: "0991234567",
    });
    expect(keyOf(PhoneNumberUpdateSchema, {})).toBe("phoneNumberRequired");
  });
});

describe("SignupSchema", () => {
  it("accepts the minimum body and normalises the phone number", () => {
    expect(v.parse(SignupSchema, { ...VALID_SIGNUP, phoneNumber: "+66 81 234 5678" })).toEqual({
      userName: "somchai01",
      password: "Abcdef1!",
      phoneNumber: "0812345678",
    });
  });

  it("reports missing required fields with their own keys", () => {
    expect(keysOf(SignupSchema, {})).toEqual(["usernameRequired", "passwordRequired", "phoneNumberRequired"]);
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, userName: undefined })).toBe("usernameRequired");
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, userName: "aaaaa1" })).toBe("usernameRepeat");
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, password: "abcdefgh" })).toBe("passwordRules");
  });

  it("refuses a body that is not an object", () => {
    for (const body of [null, undefined, "x", 1, true]) {
      expect(keyOf(SignupSchema, body)).toBe("requestInvalid");
    }
  });

  it.each([
    [undefined, undefined],
    [null, undefined],
    ["", undefined],
    ["  ", undefined],
    [0, undefined],
    ["0", undefined],
    [2, 2],
    ["2", 2],
    [" 15 ", 15],
    ["007", 7],
    [2_147_483_647, 2_147_483_647],
  ])("coerces agentId and refUid %j to %j", (input, output) => {
    const result = v.parse(SignupSchema, { ...VALID_SIGNUP, agentId: input, refUid: input });
    expect(result.agentId).toBe(output);
    expect(result.refUid).toBe(output);
  });

  it("leaves out missing ids", () => {
    const result = v.parse(SignupSchema, VALID_SIGNUP);
    expect("agentId" in result).toBe(false);
    expect(result.refUid).toBeUndefined();
  });

  it.each([
    -1,
    1.5,
    "-1",
    "1.5",
    "abc",
    "1e3",
    "0x10",
    "+5",
    Number.POSITIVE_INFINITY,
    Number.NaN,
    2_147_483_648,
    true,
    {},
  ])("refuses agentId and refUid %j", (bad) => {
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, agentId: bad })).toBe("agentIdInvalid");
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, refUid: bad })).toBe("refUidInvalid");
  });

  it("trims the optional strings, turns empty ones into undefined and caps them at 500 characters", () => {
    const result = v.parse(SignupSchema, {
      ...VALID_SIGNUP,
      referUrl: "  https://example.com/?a=1  ",
      registerFromDomain: "",
      slug: "   ",
      employeeSlug: null,
    });
    expect(result.referUrl).toBe("https://example.com/?a=1");
    expect(result.registerFromDomain).toBeUndefined();
    expect(result.slug).toBeUndefined();
    expect(result.employeeSlug).toBeUndefined();
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, slug: ` ${"s".repeat(500)} ` })).toBeNull();
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, slug: "s".repeat(501) })).toBe("valueTooLong");
    expect(keyOf(SignupSchema, { ...VALID_SIGNUP, referUrl: 42 })).toBe("requestInvalid");
  });

  it("drops unknown keys", () => {
    expect(v.parse(SignupSchema, { ...VALID_SIGNUP, status: 0, level: 9 })).toEqual(VALID_SIGNUP);
  });
});

describe("LoginSchema", () => {
  it("trims and lowercases the username, keeps the password as typed", () => {
    expect(v.parse(LoginSchema, { userName: "  SomChai01 ", password: " Abc def1 " })).toEqual({
      userName: "somchai01",
      password: " Abc def1 ",
    });
  });

  it("checks presence only, so a wrong format is not revealed", () => {
    expect(v.parse(LoginSchema, { userName: "ab", password: "x" })).toEqual({
      userName: "ab",
      password: "x",
    });
    expect(keyOf(LoginSchema, { userName: "aaaaaaa_Ä", password: "short" })).toBeNull();
  });

  it("asks for the username and the PIN", () => {
    expect(keyOf(LoginSchema, { userName: "   ", password: "Abcdef1!" })).toBe("usernameRequired");
    expect(keyOf(LoginSchema, { password: "Abcdef1!" })).toBe("usernameRequired");
    expect(keyOf(LoginSchema, { userName: "somchai01", password: "" })).toBe("pinRequired");
    expect(keyOf(LoginSchema, { userName: "somchai01" })).toBe("pinRequired");
    expect(keysOf(LoginSchema, {})).toEqual(["usernameRequired", "pinRequired"]);
  });
});

describe("ChangePasswordSchema", () => {
  it("needs the old password and a new one that meets every rule", () => {
    expect(v.parse(ChangePasswordSchema, { oldPassword: "old", newPassword: "Abcdef1!" })).toEqual({
      oldPassword: "old",
      newPassword: "Abcdef1!",
    });
    expect(keyOf(ChangePasswordSchema, { oldPassword: "", newPassword: "Abcdef1!" })).toBe(
      "passwordRequired",
    );
    expect(keyOf(ChangePasswordSchema, { newPassword: "Abcdef1!" })).toBe("passwordRequired");
    expect(keyOf(ChangePasswordSchema, { oldPassword: "old", newPassword: "Abcdef1" })).toBe(
      "passwordMinLength",
    );
    expect(keyOf(ChangePasswordSchema, { oldPassword: "old" })).toBe("passwordRequired");
  });
});

describe("ProfileUpdateSchema", () => {
  it("accepts an empty update", () => {
    expect(v.parse(ProfileUpdateSchema, {})).toEqual({});
  });

  it("trims and checks each field that is present", () => {
    expect(
      v.parse(ProfileUpdateSchema, {
        avatar: " avatar-3 ",
        email: " somchai@example.com ",
        lineId: " @somchai ",
        name: " สมชาย ",
      }),
    ).toEqual({ avatar: "avatar-3", email: "somchai@example.com", lineId: "@somchai", name: "สมชาย" });
    expect(v.parse(ProfileUpdateSchema, { lineId: "  " })).toEqual({ lineId: "" });
    expect(keyOf(ProfileUpdateSchema, { email: "" })).toBe("emailRequired");
    expect(keyOf(ProfileUpdateSchema, { email: "nope" })).toBe("emailInvalid");
    expect(keyOf(ProfileUpdateSchema, { name: "A" })).toBe("nameLength");
    expect(keyOf(ProfileUpdateSchema, { lineId: "l".repeat(50) })).toBeNull();
    expect(keyOf(ProfileUpdateSchema, { lineId: "l".repeat(51) })).toBe("lineIdTooLong");
  });

  it.each([
    "https://cdn.example.com/avatars/3.png",
    "https://cdn.example.com:8443/a.png?v=2#x",
    "https://example.com",
    "/avatars/3.png",
    "avatar-3",
    "7",
  ])("accepts the avatar %j", (avatar) => {
    expect(keyOf(ProfileUpdateSchema, { avatar })).toBeNull();
  });

  it.each([
    "",
    "http://example.com/a.png",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "//evil.example/a.png",
    "/\\evil.example/a.png",
    "https://user@evil.example/a.png",
    "https://example.com/a b.png",
    'https://example.com/"onerror=x',
    "../a.png",
    "avatar 3",
    `https://example.com/${"a".repeat(481)}`,
  ])("refuses the avatar %j", (avatar) => {
    expect(keyOf(ProfileUpdateSchema, { avatar })).toBe("avatarInvalid");
  });

  it("caps the avatar at 500 characters", () => {
    const prefix = "https://example.com/";
    expect(keyOf(ProfileUpdateSchema, { avatar: prefix + "a".repeat(500 - prefix.length) })).toBeNull();
    expect(keyOf(ProfileUpdateSchema, { avatar: prefix + "a".repeat(501 - prefix.length) })).toBe(
      "avatarInvalid",
    );
  });
});

describe("ForgotPasswordRequestSchema / ForgotPasswordResetSchema", () => {
  const reset = {
    userName: " SomChai01 ",
    phoneNumber: "081-234-5678",
    otpCode: "012345",
    refOtpCode: "AB12",
    newPassword: "Abcdef1!",
  };

  it("names the account as at login and normalises the phone number", () => {
    expect(
      v.parse(ForgotPasswordRequestSchema, { userName: " SomChai01 ", phoneNumber: "+66812345678" }),
    ).toEqual({
      userName: "somchai01",
      phoneNumber: "0812345678",
    });
    expect(keysOf(ForgotPasswordRequestSchema, {})).toEqual(["usernameRequired", "phoneNumberRequired"]);
    expect(keyOf(ForgotPasswordRequestSchema, { userName: "somchai01", phoneNumber: "0212345678" })).toBe(
      "phoneNumberInvalid",
    );
  });

  it("accepts a complete reset", () => {
    expect(v.parse(ForgotPasswordResetSchema, reset)).toEqual({
      userName: "somchai01",
      phoneNumber: "0812345678",
      otpCode: "012345",
      refOtpCode: "AB12",
      newPassword: "Abcdef1!",
    });
  });

  it("needs exactly 6 digits of OTP", () => {
    expect(keyOf(ForgotPasswordResetSchema, { ...reset, otpCode: "" })).toBe("otpCodeRequired");
    expect(keyOf(ForgotPasswordResetSchema, { ...reset, otpCode: undefined })).toBe("otpCodeRequired");
    expect(keyOf(ForgotPasswordResetSchema, { ...reset, otpCode: " 123456 " })).toBeNull();
    for (const otpCode of ["12345", "1234567", "12345a", "123 456", 123456]) {
      expect(keyOf(ForgotPasswordResetSchema, { ...reset, otpCode })).toBe(
        typeof otpCode === "number" ? "otpCodeRequired" : "otpCodeInvalid",
      );
    }
  });

  it("needs a reference of 4 to 8 uppercase letters or digits", () => {
    for (const refOtpCode of ["AB12", "ABCD1234", "1234"]) {
      expect(keyOf(ForgotPasswordResetSchema, { ...reset, refOtpCode })).toBeNull();
    }
    for (const refOtpCode of ["AB1", "ABCD12345", "ab12", "AB-12", "", undefined]) {
      expect(keyOf(ForgotPasswordResetSchema, { ...reset, refOtpCode })).toBe("otpRefInvalid");
    }
  });

  it("applies every password rule to the new password", () => {
    expect(keyOf(ForgotPasswordResetSchema, { ...reset, newPassword: "abcdef1!" })).toBe("passwordRules");
    expect(keyOf(ForgotPasswordResetSchema, { ...reset, newPassword: undefined })).toBe("passwordRequired");
  });
});

describe("firstIssueKey", () => {
  it("is null on success and the first key otherwise", () => {
    expect(firstIssueKey(v.safeParse(UsernameSchema, "abc123"))).toBeNull();
    expect(firstIssueKey(v.safeParse(UsernameSchema, "Ab"))).toBe("usernameFormat");
    expect(firstIssueKey({ issues: [{ message: "not a key" }] })).toBe("requestInvalid");
    expect(firstIssueKey({})).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const DIGITS = "0123456789";
const USERNAME_ALPHABET = [...LOWER, ...DIGITS];
const PASSWORD_ALPHABET = [...UPPER, ...LOWER, ...DIGITS, ...PASSWORD_SPECIAL_CHARACTERS];

/** Runs of 1 to 4 identical characters, so 4-runs (the boundary) are common. */
const validUsername = fc
  .array(fc.tuple(fc.constantFrom(...USERNAME_ALPHABET), fc.integer({ min: 1, max: 4 })), {
    minLength: 2,
    maxLength: 30,
  })
  .map((runs) =>
    runs
      .map(([char, count]) => char.repeat(count))
      .join("")
      .slice(0, 30),
  )
  .filter((name) => name.length >= 6 && !/(.)\1{4}/.test(name));

const foreignChar = fc
  .oneof(
    fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
    fc.constantFrom("A", "Z", "_", ".", "-", " ", "\n", "ก", "๑", "é", "ａ", "😀"),
  )
  .filter((char) => !/^[a-z0-9]$/.test(char));

const validPassword = fc
  .tuple(
    fc.constantFrom(...UPPER),
    fc.constantFrom(...LOWER),
    fc.constantFrom(...DIGITS),
    fc.constantFrom(...PASSWORD_SPECIAL_CHARACTERS),
    fc.array(fc.constantFrom(...PASSWORD_ALPHABET), { minLength: 4, maxLength: 26 }),
  )
  .chain(([upper, lower, digit, special, rest]) => {
    const chars = [upper, lower, digit, special, ...rest];
    return fc.shuffledSubarray(chars, { minLength: chars.length, maxLength: chars.length });
  })
  .map((chars) => chars.join(""));

describe("properties", () => {
  it("accepts any name of 6-30 characters from [a-z0-9] without 5 identical in a row", () => {
    fc.assert(
      fc.property(validUsername, (name) => {
        expect(keyOf(UsernameSchema, name)).toBeNull();
      }),
    );
  });

  it("refuses any name containing a character outside [a-z0-9]", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...USERNAME_ALPHABET), { maxLength: 40 }),
        foreignChar,
        fc.nat(),
        (chars, foreign, at) => {
          chars.splice(at % (chars.length + 1), 0, foreign);
          const name = chars.join("");
          expect(v.is(UsernameSchema, name)).toBe(false);
          expect(keysOf(UsernameSchema, name)).toContain("usernameFormat");
        },
      ),
    );
  });

  it("refuses any name with 5 identical characters in a row", () => {
    fc.assert(
      fc.property(validUsername, fc.constantFrom(...USERNAME_ALPHABET), fc.nat(), (name, char, at) => {
        const i = at % (name.length + 1);
        const candidate = (name.slice(0, i) + char.repeat(5) + name.slice(i)).slice(0, 30);
        fc.pre(/(.)\1{4}/.test(candidate));
        expect(keysOf(UsernameSchema, candidate)).toContain("usernameRepeat");
      }),
    );
  });

  it("accepts any password built from every class, 8-30 characters", () => {
    fc.assert(
      fc.property(validPassword, (password) => {
        expect(password.length).toBeGreaterThanOrEqual(8);
        expect(password.length).toBeLessThanOrEqual(30);
        expect(keyOf(PasswordSchema, password)).toBeNull();
        expect(Object.values(passwordChecks(password)).every(Boolean)).toBe(true);
      }),
    );
  });

  it("agrees with passwordChecks on any string over the allowed characters", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PASSWORD_ALPHABET), { maxLength: 34 }), (chars) => {
        const password = chars.join("");
        const allMet = Object.values(passwordChecks(password)).every(Boolean);
        expect(isValidPassword(password)).toBe(allMet);
      }),
    );
  });

  it("refuses any otherwise valid password with a character outside the allowed set", () => {
    const allowed = new Set(PASSWORD_ALPHABET);
    fc.assert(
      fc.property(
        validPassword.filter((p) => p.length < 30),
        fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((c) => !allowed.has(c)),
        fc.nat(),
        (password, foreign, at) => {
          const i = at % (password.length + 1);
          const candidate = password.slice(0, i) + foreign + password.slice(i);
          fc.pre(candidate.length <= 30);
          expect(keyOf(PasswordSchema, candidate)).toBe("passwordInvalid");
        },
      ),
    );
  });

  it("normalises any way of writing a Thai mobile number back to its 10 digits", () => {
    const mobile = fc
      .tuple(
        fc.constantFrom("6", "8", "9"),
        fc.array(fc.constantFrom(...DIGITS), { minLength: 8, maxLength: 8 }),
      )
      .map(([range, rest]) => `0${range}${rest.join("")}`);
    const prefix = fc.constantFrom("", "+66", "66", "0066", "+660", "+66 ");
    fc.assert(
      fc.property(
        mobile,
        prefix,
        fc.array(fc.constantFrom("", " ", "-"), { minLength: 10, maxLength: 10 }),
        (phone, countryCode, separators) => {
          const national = countryCode === "" ? phone : phone.slice(1);
          const written =
            countryCode + [...national].map((digit, i) => digit + (separators[i] ?? "")).join("");
          expect(normalizePhoneNumber(written)).toBe(phone);
        },
      ),
    );
  });

  it("only ever produces message keys as issue messages", () => {
    const schemas = [
      SignupSchema,
      LoginSchema,
      ChangePasswordSchema,
      PhoneNumberUpdateSchema,
      ProfileUpdateSchema,
      ForgotPasswordRequestSchema,
      ForgotPasswordResetSchema,
    ];
    const anyField = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.boolean(), fc.double());
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          userName: anyField,
          password: anyField,
          phoneNumber: anyField,
          agentId: anyField,
          refUid: anyField,
          referUrl: anyField,
          oldPassword: anyField,
          newPassword: anyField,
          avatar: anyField,
          email: anyField,
          lineId: anyField,
          name: anyField,
          otpCode: anyField,
          refOtpCode: anyField,
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(...schemas), body, (schema, input) => {
        for (const issue of v.safeParse(schema, input).issues ?? []) {
          expect(isAccountMessageKey(issue.message), issue.message).toBe(true);
        }
      }),
    );
  });
});
