import * as v from "valibot";

/**
 * The one string and integer primitives every request schema is built from (docs/security.md "Bad input").
 *
 * Text: a string is bounded (a Postgres b-tree index entry holds at most about 2,700 bytes, and a character may
 * take 3 bytes in UTF-8, so indexed text stays well under 900 characters) and holds no character that has no
 * business in a form field:
 * - C0 controls (U+0000-U+001F, NUL included: Postgres cannot store it in text), DEL and C1 (U+007F-U+009F).
 *   Line breaks and tabs are C0 too: no field of the app is multi-line (it has no text area), so none takes them.
 * - line and paragraph separators (U+2028, U+2029), bidirectional embeddings, overrides and isolates
 *   (U+202A-U+202E, U+2066-U+2069: they make a name or an account number read differently to staff than it is
 *   stored), the byte-order mark (U+FEFF), non-characters (U+FDD0-U+FDEF, U+FFFE, U+FFFF);
 * - lone UTF-16 surrogates (not Unicode text at all).
 * Zero-width joiners (U+200C, U+200D) stay allowed: Khmer, Burmese and emoji need them.
 *
 * Messages are keys of ACCOUNT_MESSAGES (src/domain/account.ts), which the server answers as `code` and the app
 * translates.
 */

const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff\ufdd0-\ufdef\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether text holds a character no field accepts (see above). */
export function hasUnsafeCharacter(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

/** The message keys the primitives emit (all keys of ACCOUNT_MESSAGES). */
export type PrimitiveMessage = "requestInvalid" | "valueTooLong" | "textInvalid";

/**
 * A string of at most `maxLength` UTF-16 units with no unsafe character. `message` is the key for a value that
 * is not a string at all (a field's own "required" key, or requestInvalid); `invalid` the key for an unsafe
 * character (a field's own "invalid" key, or textInvalid). The length is checked first, so an oversized value
 * costs nothing more. A field's own, tighter rules follow in its schema.
 */
export function text(maxLength: number, message = "requestInvalid", invalid = "textInvalid") {
  return v.pipe(
    v.string(message),
    v.maxLength(maxLength, "valueTooLong"),
    v.check((value) => !hasUnsafeCharacter(value), invalid),
  );
}

/** Postgres `integer` (int4) range: agent ids, referrer ids and other int4 columns. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number from `min` to `max` given as a JSON number or as decimal digits (query strings carry only
 * text). "1e3", "1.0", " 1", "0x10", 1.5 and anything past `max` (2147483648 for an int4 column, 1e21) are
 * refused with `message`.
 */
export function integer(min: number, max: number, message = "requestInvalid") {
  return v.pipe(
    v.union([v.number(message), text(20, message)], message),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      const value = typeof raw === "number" ? raw : /^-?\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isSafeInteger(value) || value < min || value > max) {
        addIssue({ message });
        return NEVER;
      }
      return value;
    }),
  );
}
