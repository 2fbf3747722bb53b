export { connectMcpServer } from './connect-mcp-server';
export { listActiveMcpServerRows, type McpServerRow } from './mcp-servers';
export { mcpServersRoutes } from './mcp-servers.routes';
