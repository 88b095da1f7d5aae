import type { UserLocale } from "../domain/locale.ts";
import { activateLocale, storedLocale } from "./i18n.ts";
import { appStore, atom } from "./store.ts";

export const localeAtom = atom<UserLocale>(storedLocale());

/** Switches the language at once (catalog chunk loaded on demand) and remembers it for the next visit. */
export async function changeLocale(locale: UserLocale): Promise<void> {
  await activateLocale(locale);
  appStore.set(localeAtom, locale);
}
