import { createFileRoute } from "@tanstack/react-router";
import { DownloadPage } from "../features/pwa/index.ts";
import { loadPagesCatalog } from "../lib/catalogs.ts";

export const Route = createFileRoute("/download")({ loader: loadPagesCatalog, component: DownloadPage });
