// Entry of the back office (/staff): its own session, desks and catalog; members never load it.
export { StaffConsole } from "./StaffConsole.tsx";
