/**
 * The countries drawn in public/flags/<code>.svg (ISO 3166-1 alpha-2, lowercase): the markets the lottery uses,
 * the players' region and a few common extras. Every drawing shares one 3:2 box, so flags line up next to names.
 * A code here must have its file and a file must have its code (src/ui/Flag.test.tsx).
 */
export const FLAG_CODES = [
  "au",
  "br",
  "ch",
  "cn",
  "de",
  "eg",
  "es",
  "fr",
  "gb",
  "hk",
  "id",
  "in",
  "it",
  "jp",
  "kh",
  "kr",
  "la",
  "mm",
  "my",
  "ph",
  "ru",
  "sg",
  "th",
  "tw",
  "us",
  "vn",
] as const;

export type FlagCode = (typeof FLAG_CODES)[number];

/** Width over height of every drawing. */
export const FLAG_RATIO = 3 / 2;

export function isFlagCode(code: string | null | undefined): code is FlagCode {
  return (FLAG_CODES as readonly string[]).includes(code ?? "");
}
