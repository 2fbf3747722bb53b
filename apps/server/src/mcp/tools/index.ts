import type { McpTool } from './define-tool';
import { getContactHistoryTool, listContactsTool } from './contacts';
import { getDocumentTool, searchKnowledgeBaseTool } from './knowledge';
import { createTaskTool, draftReplyTool, listTasksTool } from './tasks';

/** Every tool of Doppel's MCP server; a key is offered those its permissions allow. */
export const mcpTools: readonly McpTool[] = [
  searchKnowledgeBaseTool,
  getDocumentTool,
  listContactsTool,
  getContactHistoryTool,
  listTasksTool,
  createTaskTool,
  draftReplyTool,
];
