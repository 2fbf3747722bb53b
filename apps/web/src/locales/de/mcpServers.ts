// The external MCP servers' texts (Settings → MCP): fetched with that tab (lib/i18n.ts).
import mcpServers from './mcpServers.json';

export default { mcpServers };
