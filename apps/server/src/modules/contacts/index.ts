export {
  createContact,
  createContactInputSchema,
  getContact,
  updateContact,
  updateContactInputSchema,
} from './contact-commands';
export {
  HISTORY_MAX_LIMIT,
  contactHistoryPageSchema,
  contactHistoryQuerySchema,
  historyEntrySchema,
  listContactHistory,
  toHistoryEntry,
  type HistoryEntry,
} from './contact-history';
export {
  addContacts,
  assignContactsToPersona,
  findOrCreateContact,
  recordMessage,
  recordMessages,
  settleDelivery,
} from './contact-records';
export { absorbContact, contactsToMerge } from './absorb-contact';
export { getContactDetail } from './contact-book';
export { contactsRoutes } from './contacts.routes';
export { escapeLike, listContacts } from './list-contacts';
