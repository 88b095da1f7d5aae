// Entry of the yeekee feature: the shooting screen of a yeekee round and the public verification page.
export { VerifyPage } from "./VerifyPage.tsx";
export { YingPage } from "./YingPage.tsx";
