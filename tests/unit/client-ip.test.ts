import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { SOCKET_ADDRESS_HEADER, clientIp, stampSocketAddress } from "../../lib/http/client-ip";

const request = (headers: Record<string, string>) => new Request("http://x.test/", { headers });

describe("clientIp", () => {
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  it("with TRUST_PROXY=1 takes the first X-Forwarded-For entry", () => {
    process.env.TRUST_PROXY = "1";
    expect(clientIp(request({ "X-Forwarded-For": " 203.0.113.7 , 10.0.0.1", [SOCKET_ADDRESS_HEADER]: "10.0.0.9" }))).toBe("203.0.113.7");
  });

  it("without TRUST_PROXY ignores X-Forwarded-For in favour of the stamped socket address", () => {
    expect(clientIp(request({ "X-Forwarded-For": "6.6.6.6", [SOCKET_ADDRESS_HEADER]: "::ffff:192.0.2.1" }))).toBe("192.0.2.1");
  });

  it("stampSocketAddress overwrites a forged header with the real peer", () => {
    const req = { headers: { [SOCKET_ADDRESS_HEADER]: "6.6.6.6" }, socket: { remoteAddress: "127.0.0.1" } } as unknown as IncomingMessage;
    stampSocketAddress(req);
    expect(req.headers[SOCKET_ADDRESS_HEADER]).toBe("127.0.0.1");
  });
});
