// Helpers for the public site tests: fetch a page as a reader (from a fresh IP), and read the
// tags of its <head> with a real HTML parser (happy-dom's DOMParser: no script runs).
import { Window } from "happy-dom";
import { baseUrl, uniqueIp } from "./posts-api";

export function readPage(path: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}${path}`, { headers: { "X-Forwarded-For": uniqueIp(), ...headers }, redirect: "manual" });
}

export type Head = ReturnType<typeof parseHtml>;

export function parseHtml(html: string) {
  const window = new Window();
  const document = new window.DOMParser().parseFromString(html, "text/html");
  const meta = (key: string) =>
    document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute("content") ?? null;
  const metas = (key: string) =>
    [...document.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((el) => el.getAttribute("content"));
  return {
    document,
    title: document.querySelector("title")?.textContent ?? null,
    meta,
    metas,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    alternates: [...document.querySelectorAll('link[rel="alternate"]')].map((el) => ({
      type: el.getAttribute("type"),
      href: el.getAttribute("href"),
    })),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((el) => JSON.parse(el.textContent ?? "null")),
    text: document.body?.textContent ?? "",
  };
}

export async function fetchHead(path: string, headers: Record<string, string> = {}) {
  const res = await readPage(path, headers);
  return { res, head: parseHtml(await res.text()) };
}
