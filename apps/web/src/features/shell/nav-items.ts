import {
  BookOpen,
  Contact,
  KeyRound,
  ListTodo,
  Sparkles,
  SquareTerminal,
  TrendingUp,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

/** The product's areas; each key names its label (`shell:nav.<key>`) and page texts (`shell:areas.<key>`). */
export type AreaKey =
  | 'actions'
  | 'contacts'
  | 'highConcept'
  | 'documents'
  | 'business'
  | 'agent'
  | 'apiKeys'
  | 'tasks';

export const AREAS: Record<AreaKey, { path: string; icon: LucideIcon }> = {
  actions: { path: '/actions', icon: Sparkles },
  contacts: { path: '/contacts', icon: Contact },
  highConcept: { path: '/high-concept', icon: UsersRound },
  documents: { path: '/documents', icon: BookOpen },
  business: { path: '/business', icon: TrendingUp },
  agent: { path: '/agent', icon: SquareTerminal },
  apiKeys: { path: '/api', icon: KeyRound },
  tasks: { path: '/tasks', icon: ListTodo },
};

/** Desktop sidebar, in the spec's order; Contacts (issue 24) beside the Assistant it serves. */
export const SIDEBAR_AREAS: AreaKey[] = [
  'actions',
  'contacts',
  'highConcept',
  'documents',
  'business',
  'agent',
  'apiKeys',
];

/** Mobile bottom bar: actions, business, high-concept, agent. */
export const BOTTOM_BAR_AREAS: AreaKey[] = ['actions', 'business', 'highConcept', 'agent'];
