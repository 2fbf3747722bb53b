import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, publicOnlyFetch } from './public-only-fetch';

describe('internal addresses', () => {
  it('are told apart from public ones, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(isPublicAddress('not-an-ip')).toBe(false);
  });
});

describe('publicOnlyFetch', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end('internal secret'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('refuses loopback by IP and by a name that resolves to it', async () => {
    await expect(publicOnlyFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(/internal network address/);
    await expect(publicOnlyFetch(`http://[::1]:${port}/`)).rejects.toThrow(/internal network address/);
    await expect(publicOnlyFetch(`http://localhost:${port}/`)).rejects.toMatchObject({
      cause: { name: 'InternalAddressError' },
    });
  });

  it('refuses other protocols', async () => {
    await expect(publicOnlyFetch('file:///etc/passwd')).rejects.toThrow(/Only http and https/);
  });
});
