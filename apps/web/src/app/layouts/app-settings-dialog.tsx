import { lazy, type ComponentProps } from 'react';
import { SettingsDialog } from '@/features/settings/components/settings-dialog';

// Fetched, with its texts, when its tab is first shown.
const MessengersTab = lazy(() => import('@/features/messengers/components/messengers-tab'));
const McpServersTab = lazy(() => import('@/features/mcp-servers/components/mcp-servers-tab'));

/**
 * The settings dialog with the tabs other features provide (features never import each other).
 * Loaded with the dialog, so the shell's first load carries none of it.
 */
export function AppSettingsDialog(
  props: Omit<ComponentProps<typeof SettingsDialog>, 'messengersTab' | 'mcpTab'>,
) {
  return <SettingsDialog {...props} messengersTab={<MessengersTab />} mcpTab={<McpServersTab />} />;
}
