// Entry of the auth feature: logging in, signing up, LINE, forgetting the PIN, the member's home. Who is logged in
// is the kernel's (src/lib/auth.ts); what other features need of accounts is the wording of account errors and the
// new-PIN fields.
export { startLineLogin } from "./accountActions.ts";
export { accountErrorText, fieldMessages, isConfirmPinError } from "./accountMessages.ts";
export { ForgotPinPage } from "./ForgotPinPage.tsx";
export { LineCallbackPage } from "./LineCallbackPage.tsx";
export { LoginForm } from "./LoginForm.tsx";
export { MainPage } from "./MainPage.tsx";
export { NewPinFields } from "./NewPinFields.tsx";
export { RegisterPage } from "./RegisterPage.tsx";
