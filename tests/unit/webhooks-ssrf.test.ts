// The SSRF guard's address rules and URL checks, with WEBHOOK_ALLOW_PRIVATE_TARGETS off (the
// default) unless a test says otherwise.
import { describe, expect, it } from "vitest";
import { forbiddenAddressReason } from "../../lib/webhooks/forbidden-address";
import { vetWebhookTarget } from "../../lib/webhooks/vet-webhook-target";

describe("forbiddenAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.10", "private"],
    ["100.64.0.1", "private (carrier-grade NAT)"],
    ["169.254.169.254", "link-local or metadata"],
    ["fe80::1", "link-local"],
    ["fd00:ec2::254", "unique local (private)"],
    ["fc00::1", "unique local (private)"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["::ffff:127.0.0.1", "IPv4-mapped IPv6"],
    ["::ffff:10.0.0.1", "IPv4-mapped IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped IPv6"],
    ["64:ff9b::a00:1", "NAT64"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved or broadcast"],
    ["192.0.2.1", "documentation"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"])("allows the public address %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe("vetWebhookTarget", () => {
  it("returns the vetted addresses that the sender will connect to", async () => {
    await expect(vetWebhookTarget("https://93.184.215.14:8443/hook?x=1", { allowPrivate: false })).resolves.toMatchObject({
      hostname: "93.184.215.14",
      addresses: [{ address: "93.184.215.14", family: 4 }],
    });
    await expect(vetWebhookTarget("https://[2606:4700:4700::1111]/", { allowPrivate: false })).resolves.toMatchObject({
      addresses: [{ address: "2606:4700:4700::1111", family: 6 }],
    });
  });

  it("refuses http and private targets by default, allows them with the flag", async () => {
    await expect(vetWebhookTarget("http://93.184.215.14/", { allowPrivate: false })).rejects.toThrow("Must be an https URL");
    await expect(vetWebhookTarget("https://localhost/", { allowPrivate: false })).rejects.toThrow(/loopback/);
    await expect(vetWebhookTarget("https://0x7f.1/", { allowPrivate: false })).rejects.toThrow(/127\.0\.0\.1 \(loopback\)/);
    await expect(vetWebhookTarget("http://localhost:3000/", { allowPrivate: true })).resolves.toMatchObject({ hostname: "localhost" });
    await expect(vetWebhookTarget("ftp://localhost/", { allowPrivate: true })).rejects.toThrow("Must be an http or https URL");
  });
});
