import { createStore } from "jotai";

/**
 * The one jotai store, shared by React, the router context, the API client and the socket. This module is also the
 * app's only door to jotai (scripts/check-imports.ts, rule jotai-owner): state is declared with `atom` from here and
 * read with the hooks from here, so there is one store and one place to look for how state is kept.
 */
export const appStore = createStore();
export type AppStore = typeof appStore;

export type { Atom, PrimitiveAtom, WritableAtom } from "jotai";
export { atom, createStore, Provider as StoreProvider, useAtom, useAtomValue, useSetAtom } from "jotai";
