// Reading the environment: TRUST_PROXY in its three forms, the timeouts, the connection cap.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_TIMEOUTS, loadConfig, parseTrustProxy } from './config';
import { trustFunctionOf } from './plugins/client-address';
import { createTestApp } from './test/helpers';

const dataDir = mkdtempSync(path.join(tmpdir(), 'config-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('TRUST_PROXY', () => {
  it('reads unset, 0 and false as no proxy; 1 and true as one hop; N as N hops', () => {
    for (const raw of [undefined, '', '0', '00', 'false', 'off', 'no']) expect(parseTrustProxy(raw), String(raw)).toBe(false);
    for (const raw of ['1', 'true', 'TRUE', 'yes', 'on']) expect(parseTrustProxy(raw), raw).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
  });

  it('reads a comma-separated list of addresses, CIDR ranges and proxy-addr\'s words', () => {
    expect(parseTrustProxy('127.0.0.1')).toEqual({ proxies: ['127.0.0.1'] });
    expect(parseTrustProxy(' 10.0.0.0/8, ::1 ,fd00::/8,loopback ')).toEqual({ proxies: ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback'] });
  });

  it.each(['nginx', '10.0.0.0/33', '::1/129', '1.2.3', '10.0.0.1/8/1', ',', '127.0.0.1,,garbage', '-1'])('refuses %j with a message naming TRUST_PROXY', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
  });
});

describe('the client address under each TRUST_PROXY form', () => {
  const real = '203.0.113.5';

  /** Visitors counted after 5 requests that forge 5 different first hops. */
  async function visitorsCounted(trustProxy: string, socketAddress: string): Promise<number> {
    const ctx = await createTestApp({ TRUST_PROXY: trustProxy });
    try {
      const read = (n: number) => ctx.app.inject({ method: 'GET', url: '/api/visitor', remoteAddress: socketAddress, headers: { 'x-forwarded-for': `198.51.100.${n}, ${real}`, 'user-agent': 'Same/1.0' } });
      const before = (await read(0)).json<{ count: number }>().count;
      for (let n = 1; n <= 5; n += 1) await read(n);
      return (await read(6)).json<{ count: number }>().count - before + 1;
    } finally {
      await ctx.cleanup();
    }
  }

  it('one hop (1 or true) takes the address the proxy appended, never what the client wrote before it', async () => {
    expect(await visitorsCounted('1', '127.0.0.1')).toBe(1);
    expect(await visitorsCounted('true', '127.0.0.1')).toBe(1);
  });

  it('an address list takes X-Forwarded-For only from those peers: a direct client cannot name itself', async () => {
    expect(await visitorsCounted('127.0.0.1', '127.0.0.1')).toBe(1);
    expect(await visitorsCounted('127.0.0.1', '10.1.1.1')).toBe(1);
  });

  it('two hops trust the hop before the last one, as asked (each forged first hop is then a visitor)', async () => {
    expect(await visitorsCounted('2', '127.0.0.1')).toBe(7);
  });

  it('the trust function checks addresses and ranges, IPv4-mapped ones included', () => {
    const trust = trustFunctionOf({ proxies: ['127.0.0.1', '10.0.0.0/8', 'uniquelocal'] })!;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::ffff:127.0.0.1', 0)).toBe(true);
    expect(trust('10.200.1.1', 3)).toBe(true);
    expect(trust('192.168.5.5', 0)).toBe(true);
    expect(trust(real, 0)).toBe(false);
    expect(trust('::1', 0)).toBe(false);
    expect(trustFunctionOf(false)).toBeUndefined();
  });
});

describe('timeouts and the connection cap', () => {
  it('have their documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.timeouts).toEqual(DEFAULT_TIMEOUTS);
    expect(DEFAULT_TIMEOUTS).toEqual({ headersMs: 20_000, idleMs: 30_000, requestMs: 900_000, keepAliveMs: 5_000 });
    expect(config.maxConnectionsPerAddress).toBe(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
  });

  it('read seconds, fractions allowed', () => {
    const config = loadConfig({ DATA_DIR: dataDir, IDLE_TIMEOUT_SECONDS: '1.5', REQUEST_TIMEOUT_SECONDS: '60', HEADERS_TIMEOUT_SECONDS: '10', KEEP_ALIVE_TIMEOUT_SECONDS: '2' });
    expect(config.timeouts).toEqual({ headersMs: 10_000, idleMs: 1_500, requestMs: 60_000, keepAliveMs: 2_000 });
  });

  it('refuse nonsense and a headers timeout above the request timeout', () => {
    for (const [name, raw] of [['IDLE_TIMEOUT_SECONDS', '0'], ['REQUEST_TIMEOUT_SECONDS', '-1'], ['KEEP_ALIVE_TIMEOUT_SECONDS', 'soon'], ['MAX_CONNECTIONS_PER_ADDRESS', '0'], ['MAX_CONNECTIONS_PER_ADDRESS', '2.5']]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, [name]: raw }), `${name}=${raw}`).toThrow(new RegExp(name));
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(/HEADERS_TIMEOUT_SECONDS/);
  });
});
