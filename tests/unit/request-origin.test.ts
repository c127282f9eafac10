// The origin the browser used (the /docs page's server for curl samples and "try it"): the Host
// header, not `next start`'s own localhost request.url; forwarded headers only behind TRUST_PROXY.
import { afterEach, describe, expect, it } from "vitest";
import { requestOrigin } from "../../lib/http/request-origin";

const request = (headers: Record<string, string>) => new Request("http://localhost:3000/docs", { headers });

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("requestOrigin", () => {
  it("reads the Host header", () => {
    expect(requestOrigin(request({ host: "127.0.0.1:4123" }))).toBe("http://127.0.0.1:4123");
    expect(requestOrigin(request({ host: "Blog.Example.com" }))).toBe("http://blog.example.com");
  });

  it("ignores forwarded headers unless the proxy is trusted", () => {
    const forwarded = { host: "10.0.0.5:3000", "x-forwarded-host": "blog.example.com", "x-forwarded-proto": "https" };
    expect(requestOrigin(request(forwarded))).toBe("http://10.0.0.5:3000");
    process.env.TRUST_PROXY = "1";
    expect(requestOrigin(request(forwarded))).toBe("https://blog.example.com");
  });

  it.each([["evil.example/path"], ["user@evil.example"], ["a b"], [""]])("makes no origin of the host %j", (host) => {
    expect(requestOrigin(request(host ? { host } : {}))).toBeNull();
  });
});
