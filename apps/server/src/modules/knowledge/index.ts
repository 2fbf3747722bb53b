export { createLink } from './add-documents';
export {
  createThought,
  getDocument,
  insertTextDocument,
  listDocuments,
  type TextDocumentInput,
} from './documents';
export { embedPassagesJob, queueEmbedding, sweepEmbeddings } from './embed-passages';
export { describePassages, groundIn, type Grounding } from './ground';
export { knowledgeRoutes } from './knowledge.routes';
export { processDocumentJob } from './process-document';
export { reanalyseTopicsJob } from './reanalyse-topics';
export { searchKnowledge, toSource } from './search-knowledge';
export { keyTopics, proseSentences, sentences } from './text-analysis';
