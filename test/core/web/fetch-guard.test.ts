// The guard inside web_fetch's fetcher: names are resolved by the fetcher (here through an injected
// lookup), every address is checked, and the socket goes to the checked address. The connect hook
// throws for anything but loopback before a socket exists, so no test request to such an address
// reaches the kernel; each test says which attempts it expected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedKind } from '../../../src/core/web/address-guard.js';
import { guardedGet, type ConnectTarget, type HostLookup, type WebAccess } from '../../../src/core/web/guarded-get.js';
import { startPageServer, type PageServer } from '../../helpers/web-pages.js';

let server: PageServer;
beforeAll(async () => {
  server = await startPageServer();
});
afterAll(() => server.close());

function guarded(answers: Record<string, string[]>, named: string[] = []) {
  const attempts: ConnectTarget[] = [];
  const lookups: string[] = [];
  const lookup: HostLookup = async (host) => {
    lookups.push(host);
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const access: WebAccess = {
    lookup,
    hostNamedByRule: (h) => named.includes(h),
    beforeConnect: (t) => {
      attempts.push(t);
      if (t.address !== '127.0.0.1') throw new Error(`stopped: a socket to ${t.address}`);
    },
  };
  return { access, attempts, lookups, get: (url: string) => guardedGet(url, access, new AbortController().signal) };
}

describe('the fetch guard', () => {
  it.each(['10.0.0.1', '169.254.169.254', '::ffff:10.0.0.1', '0.0.0.0'])('refuses a name that resolves to %s, opening no socket', async (address) => {
    const g = guarded({ 'innocent.example': [address] });
    const r = await g.get(`https://innocent.example:${server.port}/article`);
    expect(r).toMatchObject({ ok: false, failure: 'refused' });
    expect(r.ok ? '' : r.message).toContain(`innocent.example resolves to ${address}`);
    expect(r.ok ? '' : r.message).toContain('web_fetch(domain:innocent.example)');
    expect(g.attempts).toEqual([]);
  });

  it('refuses a name when any of its addresses is private, even if the first is public', async () => {
    const g = guarded({ 'mixed.example': ['93.184.216.34', '192.168.1.10'] });
    const r = await g.get('https://mixed.example/');
    expect(r).toMatchObject({ ok: false, failure: 'refused' });
    expect(g.attempts).toEqual([]);
  });

  it('refuses loopback and metadata addresses written in the URL, unless a rule names them', async () => {
    const g = guarded({});
    for (const url of [server.url('/article'), 'http://169.254.169.254/latest/meta-data/', `http://[::1]:${server.port}/`, 'http://[fd00:ec2::254]/']) {
      expect(await g.get(url)).toMatchObject({ ok: false, failure: 'refused' });
    }
    expect(g.attempts).toEqual([]);
    expect(g.lookups).toEqual([]); // an address is not looked up
  });

  it('connects a host a rule names to the address it checked, over plain http, resolving again at each redirect', async () => {
    const g = guarded({ 'intranet.test': ['127.0.0.1'] }, ['intranet.test']);
    const r = await g.get(`http://intranet.test:${server.port}/redirect/2`);
    expect(r).toMatchObject({ ok: true, status: 200, url: `http://intranet.test:${server.port}/article` });
    expect(g.lookups).toEqual(['intranet.test', 'intranet.test', 'intranet.test']);
    expect(g.attempts).toEqual(Array(3).fill({ host: 'intranet.test', address: '127.0.0.1', port: server.port, tls: false }));
  });

  it('upgrades http:// to https:// for a public host (the hook stops the socket)', async () => {
    const g = guarded({ 'docs.example': ['93.184.216.34'] });
    const r = await g.get('http://docs.example/guide');
    expect(r).toMatchObject({ ok: false, failure: 'network' });
    expect(g.attempts).toEqual([{ host: 'docs.example', address: '93.184.216.34', port: 443, tls: true }]);
  });

  it('does not follow a redirect that leaves the host, to metadata included', async () => {
    const g = guarded({}, ['127.0.0.1']);
    const r = await g.get(server.url('/to-metadata'));
    expect(r).toMatchObject({ ok: false, failure: 'redirected-elsewhere', location: 'http://169.254.169.254/latest/meta-data/' });
    expect(g.attempts.map((a) => a.address)).toEqual(['127.0.0.1']);
  });

  it('refuses URLs that are not http(s) or carry credentials', async () => {
    const g = guarded({});
    expect(await g.get('file:///etc/passwd')).toMatchObject({ ok: false, failure: 'bad-url' });
    expect(await g.get('https://user:pw@example.com/')).toMatchObject({ ok: false, failure: 'bad-url' });
    expect(await g.get('not a url')).toMatchObject({ ok: false, failure: 'bad-url' });
  });
});

describe('refusedKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['::1', 'loopback'], ['10.1.2.3', 'private'], ['172.31.255.255', 'private'], ['192.168.0.1', 'private'],
    ['169.254.169.254', 'cloud metadata'], ['169.254.1.1', 'link-local'], ['fe80::1', 'link-local'], ['fd12:3456::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'], ['::', 'unspecified'], ['::ffff:10.0.0.1', 'private'], ['::ffff:a00:1', 'private'], ['::ffff:127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'], ['2002:a00:1::', 'private'], ['100.100.100.200', 'cloud metadata'], ['224.0.0.1', 'multicast'],
  ])('%s is %s', (address, kind) => {
    expect(refusedKind(address)).toBe(kind);
  });

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1'])('%s is public', (address) => {
    expect(refusedKind(address)).toBeUndefined();
  });
});
