import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/config";
import { parseEgressAllow } from "./address";
import { EgressError } from "./errors";
import { checkTarget, type Resolver, systemResolver } from "./guard";

/** Names this table makes up, answered without DNS; anything else goes to the system resolver. */
const names: Record<string, string[]> = {
  "intranet.example": ["10.0.0.1"],
  "mixed.example": ["93.184.216.34", "192.168.0.10"],
  "metadata.example": ["169.254.169.254"],
  "v6-loopback.example": ["::1"],
  "public.example": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
  "ollama.lan": ["192.168.5.5"],
  "other.lan": ["192.168.5.5"],
  "sub.ollama.lan": ["192.168.5.5"],
};
const resolver: Resolver = async (host) =>
  names[host]
    ? names[host].map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))
    : systemResolver(host);

const closed = parseEgressAllow("");

async function refusal(url: string, allow = closed) {
  const error = await checkTarget(url, allow, resolver).then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof EgressError ? error : null;
}

/** Every spelling of an internal address the guard must refuse (issue 8, QUALITY.md and IPv6 forms). */
const refusedSpellings = [
  "http://127.0.0.1/",
  "http://localhost/",
  "http://LOCALHOST./",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://017700000001/",
  "http://127.1/",
  "http://0177.0.0.1/",
  "http://0x7f.1/",
  "http://127.000.000.001/",
  "http://127.0.0.1./",
  "http://%31%32%37.0.0.1/",
  "http://①②⑦.0.0.1/",
  "http://127.0.0.1:6379/",
  "https://127.0.0.1:443/v1",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:127.0.0.1]:8080/",
  "http://[::127.0.0.1]/",
  "http://[::ffff:0:7f00:1]/",
  "http://[64:ff9b::127.0.0.1]/",
  "http://[64:ff9b::a00:1]/",
  "http://[64:ff9b:1::1]/",
  "http://[2002:7f00:1::]/",
  "http://[2002:a9fe:a9fe::1]/",
  "http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/",
  "http://10.0.0.5/",
  "http://10.255.255.255/",
  "http://172.16.0.1/",
  "http://172.31.255.254/",
  "http://192.168.1.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:169.254.169.254]/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://0xa9fea9fe/",
  "http://100.64.0.1/",
  "http://100.127.255.254/",
  "http://224.0.0.1/",
  "http://239.255.255.250/",
  "http://255.255.255.255/",
  "http://0.0.0.0/",
  "http://0/",
  "http://240.0.0.1/",
  "http://192.0.2.1/",
  "http://[::]/",
  "http://[fc00::1]/",
  "http://[fd12:3456:789a::1]/",
  "http://[fe80::1]/",
  "http://[fec0::1]/",
  "http://[ff02::1]/",
  "http://intranet.example/",
  "http://mixed.example/",
  "http://metadata.example/",
  "http://v6-loopback.example/",
];

describe("egress guard: addresses", () => {
  it(`refuses ${refusedSpellings.length} spellings of internal addresses, naming EGRESS_ALLOW`, async () => {
    expect(refusedSpellings.length).toBeGreaterThanOrEqual(30);
    const let_through: string[] = [];
    for (const url of refusedSpellings) {
      const error = await refusal(url);
      if (error?.reason !== "refused") let_through.push(url);
      else
        expect(error.message).toMatch(
          /^出于安全原因，不允许访问内网地址 .+（如需访问，请让管理员在 EGRESS_ALLOW 中放行）$/,
        );
    }
    expect(let_through).toEqual([]);
  });

  it("lets public addresses through, including public IPv4 inside IPv6 forms", async () => {
    for (const url of [
      "http://8.8.8.8/",
      "https://134744072/",
      "http://[2606:4700:4700::1111]/",
      "http://[::ffff:8.8.8.8]/",
      "http://[64:ff9b::808:808]/",
      "http://[2002:808:808::1]/",
      "http://public.example/v1",
    ]) {
      expect(await refusal(url), url).toBeNull();
    }
    const target = await checkTarget("https://public.example:8443/v1", closed, resolver);
    expect(target.host).toBe("public.example");
    expect(target.addresses.map((a) => a.address)).toEqual(names["public.example"]);
  });

  it("accepts http and https only, and no credentials in the address", async () => {
    for (const url of [
      "ftp://8.8.8.8/",
      "file:///etc/passwd",
      "gopher://8.8.8.8/",
      "data:text/plain,x",
      "ws://8.8.8.8/",
    ])
      expect((await refusal(url))?.message, url).toBe("只能访问 http:// 或 https:// 开头的地址");
    expect((await refusal("http://user:pass@8.8.8.8/"))?.message).toBe("地址中不能包含用户名或密码");
    expect((await refusal("not a url"))?.reason).toBe("invalid");
  });

  it("answers an unknown name like an unreachable host, not like a refusal", async () => {
    const error = await refusal("http://no-such-host.invalid/");
    expect(error).toMatchObject({ reason: "unreachable", message: "无法连接到该地址，请检查地址与网络" });
  });
});

describe("egress guard: EGRESS_ALLOW", () => {
  it("a CIDR opens exactly its addresses, in every spelling, and nothing beside them", async () => {
    const allow = parseEgressAllow("10.0.0.0/8, 127.0.0.1");
    for (const url of ["http://10.1.2.3/", "http://167772161/", "http://127.0.0.1/", "http://[::ffff:127.0.0.1]/"])
      expect(await refusal(url, allow), url).toBeNull();
    expect(await refusal("http://intranet.example/", allow)).toBeNull();
    for (const url of ["http://127.0.0.2/", "http://[::1]/", "http://11.0.0.1.invalid/", "http://192.168.1.1/"])
      expect((await refusal(url, allow))?.reason, url).not.toBeUndefined();
    expect((await refusal("http://172.16.0.1/", allow))?.reason).toBe("refused");
  });

  it("a host name opens exactly that name, not its neighbours or subdomains", async () => {
    const allow = parseEgressAllow("Ollama.LAN.");
    expect(await refusal("http://ollama.lan:11434/v1", allow)).toBeNull();
    expect(await refusal("http://OLLAMA.lan./v1", allow)).toBeNull();
    expect((await refusal("http://other.lan/", allow))?.reason).toBe("refused");
    expect((await refusal("http://sub.ollama.lan/", allow))?.reason).toBe("refused");
    expect((await refusal("http://192.168.5.5/", allow))?.reason).toBe("refused");
  });

  it("judges an address under each allowlist on its own (verdicts are kept per allowlist)", async () => {
    const open = parseEgressAllow("10.0.0.0/8");
    for (let round = 0; round < 2; round++) {
      expect((await refusal("http://10.9.9.9/"))?.reason).toBe("refused");
      expect(await refusal("http://10.9.9.9/", open)).toBeNull();
      expect((await refusal("http://intranet.example/"))?.reason).toBe("refused");
      expect(await refusal("http://intranet.example/", open)).toBeNull();
    }
  });

  it("normalises numeric spellings and IPv6 entries, and names a bad entry", () => {
    expect(parseEgressAllow("2130706433").ranges[0]![0].toString()).toBe("127.0.0.1");
    expect(parseEgressAllow("[fd00::1], fd00::/8").ranges.map(([a, bits]) => `${a}/${bits}`)).toEqual([
      "fd00::1/128",
      "fd00::/8",
    ]);
    for (const bad of ["10.0.0.0/33", "ollama.lan:11434", "http://ollama.lan", "a b", "user@host", "x/y"])
      expect(() => parseEgressAllow(bad), bad).toThrow(`“${bad}”不是有效的 CIDR、IP 地址或主机名`);
  });

  it("a bad EGRESS_ALLOW stops start-up with one line naming the setting", () => {
    expect(() => loadConfig({ DATA_DIR: "memory://", EGRESS_ALLOW: "10.0.0.0/99" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: "memory://", EGRESS_ALLOW: "10.0.0.0/99" })).toThrow(/EGRESS_ALLOW/);
    expect(loadConfig({ DATA_DIR: "memory://", EGRESS_ALLOW: "10.0.0.0/8,ollama.lan" }).EGRESS_ALLOW).toBe(
      "10.0.0.0/8,ollama.lan",
    );
  });
});
