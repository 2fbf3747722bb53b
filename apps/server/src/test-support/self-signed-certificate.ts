import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A self-signed certificate for 127.0.0.1 and localhost, made at test time so TLS servers in
 * tests need neither a checked-in key nor openssl: Node signs, and the few DER structures of an
 * X.509 v3 certificate (RFC 5280) are written out here. It is its own CA (basicConstraints), so a
 * client trusts it by taking it as `ca`.
 */

export interface SelfSignedCertificate {
  /** PEM; also what a client passes as `ca` to trust it. */
  cert: string;
  /** PKCS#8 PEM. */
  key: string;
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const der = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const sequence = (...content: Buffer[]) => der(0x30, ...content);

function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let high = arc >> 7; high > 0; high >>= 7) base128.unshift((high & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return der(0x06, Buffer.from(bytes));
}

/** A positive INTEGER: a leading zero keeps a high first bit from reading as negative. */
const positiveInteger = (bytes: Buffer) =>
  der(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);

const utcTime = (date: Date) =>
  der(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z', 'ascii'));

const commonName = (name: string) =>
  sequence(der(0x31, sequence(objectId('2.5.4.3'), der(0x0c, Buffer.from(name, 'utf8')))));

const extension = (id: string, value: Buffer) => sequence(objectId(id), der(0x04, value));

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const SUBJECT_ALT_NAME = '2.5.29.17';
const BASIC_CONSTRAINTS = '2.5.29.19';

/** Valid from an hour ago (clock skew) for a day. */
export function selfSignedCertificate(): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const now = Date.now();
  const name = commonName('Doppel test server');
  const tbs = sequence(
    der(0xa0, positiveInteger(Buffer.from([2]))),
    positiveInteger(randomBytes(16)),
    sequence(objectId(ECDSA_WITH_SHA256)),
    name,
    sequence(utcTime(new Date(now - 60 * 60 * 1000)), utcTime(new Date(now + 24 * 60 * 60 * 1000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(
      0xa3,
      sequence(
        // iPAddress [7] 127.0.0.1 and dNSName [2] localhost.
        extension(
          SUBJECT_ALT_NAME,
          sequence(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost', 'ascii'))),
        ),
        extension(BASIC_CONSTRAINTS, sequence(der(0x01, Buffer.from([0xff])))),
      ),
    ),
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const certificate = sequence(
    tbs,
    sequence(objectId(ECDSA_WITH_SHA256)),
    der(0x03, Buffer.from([0]), signature),
  );
  const base64Lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64Lines.join('\n')}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
