import { startFakeServer, type FakeServer } from './fake-server';

/**
 * A fake Lusha Person API v2 on 127.0.0.1 (https://docs.lusha.com/v2/enrichment/single-contact):
 * GET /v2/person with the key in the api_key header and the person by email, linkedinUrl, or
 * firstName and lastName with companyName or companyDomain, answering
 * `{ contact: { error: null, isCreditCharged: true, data } }` — or, for a person it does not
 * know, a 200 whose `contact.error` is EMPTY_DATA and `data` null. An unknown key gets 401 and
 * too few search fields 400, as `{ statusCode, message }`.
 */

/** The contact's data as Lusha answers it (the fields Doppel reads, and a few it does not). */
export interface LushaContactData {
  personId: number;
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddresses: Array<{ email: string; emailType: 'work' | 'private'; emailConfidence: string }>;
  phoneNumbers: Array<{ number: string; phoneType: 'Mobile' | 'Direct' | 'Phone'; doNotCall: boolean }>;
  jobTitle: { title: string; seniority: string; departments: string[] } | null;
  company: { name: string; fqdn: string | null; companySize: [number, number] | null } | null;
  socialLinks: { linkedin?: string };
}

export function lushaContact(
  personId: number,
  fullName: string,
  extra: {
    emails?: LushaContactData['emailAddresses'];
    phones?: LushaContactData['phoneNumbers'];
    title?: string;
    company?: string;
    companyDomain?: string;
    companySize?: [number, number];
    linkedin?: string;
  } = {},
): LushaContactData {
  const [firstName = fullName, ...rest] = fullName.split(' ');
  return {
    personId,
    firstName,
    lastName: rest.join(' '),
    fullName,
    emailAddresses: extra.emails ?? [],
    phoneNumbers: extra.phones ?? [],
    jobTitle: extra.title ? { title: extra.title, seniority: 'Senior', departments: ['Other'] } : null,
    company: extra.company
      ? { name: extra.company, fqdn: extra.companyDomain ?? null, companySize: extra.companySize ?? null }
      : null,
    socialLinks: extra.linkedin ? { linkedin: extra.linkedin } : {},
  };
}

/** How a stored contact is found: any of these that the request carries. */
export interface LushaMatch {
  email?: string;
  linkedinUrl?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  companyDomain?: string;
}

export interface FakeLusha extends FakeServer {
  addKey(apiKey: string): void;
  addContact(match: LushaMatch, data: LushaContactData): void;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export async function startFakeLusha(): Promise<FakeLusha> {
  const keys = new Set<string>();
  const contacts: Array<{ match: LushaMatch; data: LushaContactData }> = [];
  const server = await startFakeServer(
    (request) => {
      if (request.method !== 'GET' || request.path !== '/v2/person') {
        return { status: 404, body: { statusCode: 404, message: 'Resource not found' } };
      }
      const apiKey = request.headers.api_key;
      if (typeof apiKey !== 'string' || !keys.has(apiKey)) {
        return { status: 401, body: { statusCode: 401, message: 'Invalid API key' } };
      }
      const q = (name: string) => request.query.get(name);
      const byName = q('firstName') && q('lastName') && (q('companyName') || q('companyDomain'));
      if (!q('email') && !q('linkedinUrl') && !q('personId') && !byName) {
        return {
          status: 400,
          body: {
            statusCode: 400,
            message:
              'firstName, lastName and companyName or companyDomain, or email, or linkedinUrl is required',
          },
        };
      }
      const found = contacts.find(
        ({ match }) =>
          same(match.email, q('email')) ||
          same(match.linkedinUrl, q('linkedinUrl')) ||
          (byName &&
            same(match.firstName, q('firstName')) &&
            same(match.lastName, q('lastName')) &&
            (same(match.companyName, q('companyName')) || same(match.companyDomain, q('companyDomain')))),
      );
      if (!found) {
        return {
          status: 200,
          body: {
            contact: {
              error: { code: 3, name: 'EMPTY_DATA', message: 'Could not find requested data' },
              isCreditCharged: false,
              data: null,
            },
          },
        };
      }
      return { status: 200, body: { contact: { error: null, isCreditCharged: true, data: found.data } } };
    },
    (failure) => ({
      statusCode: failure.status,
      message:
        failure.status === 429
          ? 'Too many requests. Please wait before making another request.'
          : failure.status === 402
            ? 'Your account requires payment'
            : failure.status === 403
              ? 'Your account is not active. Please reach out to support at support@lusha.com'
              : 'Internal server error',
    }),
  );
  return {
    ...server,
    addKey: (apiKey) => keys.add(apiKey),
    addContact: (match, data) => contacts.push({ match, data }),
  };
}
