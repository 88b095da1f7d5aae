// Entry of the profile feature: the member's own details, their changes and the PIN change.
export { ChangePinPage } from "./ChangePinPage.tsx";
export { EditProfilePage } from "./EditProfilePage.tsx";
export { ProfilePage } from "./ProfilePage.tsx";
