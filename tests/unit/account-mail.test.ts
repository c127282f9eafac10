// Account mails: a plain-text and an HTML body from the same words, links absolute on
// PUBLIC_BASE_URL and written out whole in both, everything interpolated escaped in the HTML.
import { afterEach, describe, expect, it } from "vitest";
import { accountMail } from "../../lib/mail/account-mail";
import { linksOf } from "../../lib/mail/log-transport";

const saved = process.env.PUBLIC_BASE_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.PUBLIC_BASE_URL;
  else process.env.PUBLIC_BASE_URL = saved;
});

describe("account mails", () => {
  it("carry their link, absolute on PUBLIC_BASE_URL, in both bodies", () => {
    process.env.PUBLIC_BASE_URL = "https://blog.example.com";
    for (const [kind, path] of [["verify_email", "/verify-email"], ["reset_password", "/reset-password"], ["confirm_email", "/confirm-email"]] as const) {
      const mail = accountMail({ kind, to: "a@example.com", username: "ada", token: "tok_en-1" });
      const url = `https://blog.example.com${path}?token=tok_en-1`;
      expect(mail.kind).toBe(kind);
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${url}"`);
      expect(linksOf(mail.text)).toEqual([url]);
      expect(mail.subject.length).toBeGreaterThan(0);
    }
  });

  it("escapes what they interpolate in the HTML body", () => {
    const mail = accountMail({ kind: "email_changed", to: "old@example.com", username: "<b>ada</b>", newEmail: "new\"<script>@example.com" });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;b&gt;ada&lt;/b&gt;");
    expect(mail.text).toContain("new\"<script>@example.com");
  });
});
