import { createFileRoute } from "@tanstack/react-router";
import { loadPagesCatalog } from "../features/content/pagesCatalog.ts";
import { DownloadPage } from "../features/pwa/DownloadPage.tsx";

export const Route = createFileRoute("/download")({ loader: loadPagesCatalog, component: DownloadPage });
