// Entry of the push feature: the member's notification card, list and settings, the agent that keeps this
// device's token registered while logged in, and what logout does with it.
export { unregisterPushDevice } from "./device.ts";
export { NotificationList } from "./NotificationList.tsx";
export { default as PushAgent } from "./PushAgent.tsx";
export { PushCard } from "./PushCard.tsx";
export { PushSettings } from "./PushSettings.tsx";
