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
export { contactsRoutes } from './contacts.routes';
export { escapeLike, listContacts } from './list-contacts';
