import { createStore } from "jotai";

/** The one jotai store, shared by React, the router context, the API client and the socket. */
export const appStore = createStore();
export type AppStore = typeof appStore;
