import "server-only";
import { cache } from "react";
import { getDb } from "@/db/client";
import { getSettings, type Settings } from "./settings-queries";

/**
 * The settings for pages, layouts and metadata: read once per page render (the shell, the page
 * and its metadata all need them) instead of once per caller. Actions and route handlers read
 * getSettings themselves, so a save never renders with settings read before it.
 */
export const getPageSettings: () => Promise<Settings> = cache(() => getSettings(getDb()));
