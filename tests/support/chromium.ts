// Debian's Chromium (apt-get install -y chromium); Playwright never downloads its own browser here.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);

// Without these, Chromium keeps trying to reach Google's hosts, which this network refuses.
export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_ARGS });
}
