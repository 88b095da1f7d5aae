import { createFileRoute } from "@tanstack/react-router";
import { DownloadPage } from "../features/pwa/DownloadPage.tsx";

export const Route = createFileRoute("/download")({ component: DownloadPage });
