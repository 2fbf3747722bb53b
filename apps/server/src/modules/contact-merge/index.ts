export { contactMergeRoutes } from './contact-merge.routes';
export { mergeContacts } from './merge-contacts';
