// Entry of the pwa feature: the /download page and the install card on /main (the install prompt itself is the
// kernel's, src/lib/install.ts).
export { DownloadPage } from "./DownloadPage.tsx";
export { InstallCard } from "./InstallCard.tsx";
