// The Contacts screen's texts: a chunk of their own, fetched with the screen (lib/i18n.ts).
import contacts from './contacts.json';

export default { contacts };
