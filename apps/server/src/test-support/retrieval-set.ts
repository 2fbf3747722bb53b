/*
 * A small labelled set for retrieval quality (issue 21): notes of a founder's knowledge base,
 * and questions each answered by one note. `literal` questions use the note's own words;
 * `paraphrase` questions say the same with other words, which full-text search cannot match
 * and search by meaning should. Shared by the tests and bench/knowledge-search.mjs.
 */

export interface RetrievalNote {
  name: string;
  content: string;
}

export interface RetrievalQuestion {
  question: string;
  /** The note that answers it. */
  answer: string;
  kind: 'literal' | 'paraphrase';
}

export const RETRIEVAL_NOTES: RetrievalNote[] = [
  {
    name: 'Pricing',
    content: 'The Team plan costs 49 euros per seat each month. Annual billing gets two months free.',
  },
  {
    name: 'Refund policy',
    content: 'Customers can get their money back within 30 days of purchase, no questions asked.',
  },
  {
    name: 'Onboarding checklist',
    content:
      'New clients receive a kickoff call, a shared Slack channel and a migration plan in the first week.',
  },
  {
    name: 'Security',
    content:
      'All data is encrypted at rest with AES-256 and in transit with TLS 1.3. We are SOC 2 Type II audited.',
  },
  { name: 'Hiring', content: 'We are recruiting two backend engineers and a product designer in Berlin.' },
  { name: 'Fundraising', content: 'We closed a seed round of 2 million dollars led by North Star Ventures.' },
  {
    name: 'Integrations',
    content: 'Doppel connects to Telegram, WhatsApp, Slack and Discord; HubSpot sync is in beta.',
  },
  { name: 'Support hours', content: 'Our support desk answers weekdays from 9 to 18 Central European Time.' },
  { name: 'Roadmap', content: 'Next quarter we ship offline mode and a mobile app for iOS and Android.' },
  { name: 'Case study Acme', content: 'Acme cut its response time by half after three months with Doppel.' },
  { name: 'Pilot terms', content: 'A pilot lasts four weeks and includes up to five seats at no charge.' },
  {
    name: 'Data residency',
    content: 'Customer data is stored in Frankfurt; a US region is planned for next year.',
  },
];

export const RETRIEVAL_QUESTIONS: RetrievalQuestion[] = [
  { question: 'Team plan seat month', answer: 'Pricing', kind: 'literal' },
  { question: 'money back within 30 days', answer: 'Refund policy', kind: 'literal' },
  { question: 'kickoff call migration plan', answer: 'Onboarding checklist', kind: 'literal' },
  { question: 'encrypted AES-256', answer: 'Security', kind: 'literal' },
  { question: 'recruiting backend engineers', answer: 'Hiring', kind: 'literal' },
  { question: 'seed round North Star', answer: 'Fundraising', kind: 'literal' },
  { question: 'support desk weekdays', answer: 'Support hours', kind: 'literal' },
  { question: 'pilot four weeks', answer: 'Pilot terms', kind: 'literal' },
  { question: 'What is the price of a subscription?', answer: 'Pricing', kind: 'paraphrase' },
  { question: 'Can I get a reimbursement if I cancel?', answer: 'Refund policy', kind: 'paraphrase' },
  { question: 'How do you get a buyer started?', answer: 'Onboarding checklist', kind: 'paraphrase' },
  { question: 'Is my information safe and protected?', answer: 'Security', kind: 'paraphrase' },
  { question: 'Do you have open developer positions?', answer: 'Hiring', kind: 'paraphrase' },
  { question: 'Who are your investors?', answer: 'Fundraising', kind: 'paraphrase' },
  { question: 'Which messengers can I plug in?', answer: 'Integrations', kind: 'paraphrase' },
  { question: 'When can I reach help?', answer: 'Support hours', kind: 'paraphrase' },
  { question: 'Is a phone version coming?', answer: 'Roadmap', kind: 'paraphrase' },
  { question: 'What results did customers see?', answer: 'Case study Acme', kind: 'paraphrase' },
  { question: 'Can we try it for free?', answer: 'Pilot terms', kind: 'paraphrase' },
  { question: 'Where is the information hosted?', answer: 'Data residency', kind: 'paraphrase' },
];

/** Share of questions whose note is among the first `k` results. */
export function recallAt(
  k: number,
  questions: RetrievalQuestion[],
  resultsFor: (question: RetrievalQuestion) => string[],
): number {
  const found = questions.filter((question) => resultsFor(question).slice(0, k).includes(question.answer));
  return found.length / questions.length;
}
