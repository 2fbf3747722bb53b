import {
  ENRICHMENT_TOOLS,
  growthProviders,
  type EnrichmentTool,
  type GrowthCredential,
  type GrowthProvider,
} from '@doppel/contracts';
import { useGrowthCredentials } from '../../api/campaign-detail-api';

/**
 * How an enrichment tool will run, as far as the wizard can tell before launch:
 * - 'simulated': no adapter exists, its values are made up (ENRICHMENT_TOOLS' adapter);
 * - 'keySaved': the provider's API is called with the user's saved key;
 * - 'noKey': no key is saved, so the run simulates it until one is added;
 * - 'checking' / 'unknown': the saved keys are still loading, or could not be read.
 */
export type ToolRun = 'simulated' | 'keySaved' | 'noKey' | 'checking' | 'unknown';

function isProvider(id: string): id is GrowthProvider {
  return (growthProviders as readonly string[]).includes(id);
}

/** A tool's run from its adapter and the saved keys (undefined while they load or when they failed). */
export function toolRun(
  tool: EnrichmentTool,
  saved: readonly GrowthCredential[] | undefined,
  failed: boolean,
): ToolRun {
  const info = ENRICHMENT_TOOLS.find((item) => item.id === tool);
  if (!info || info.adapter === 'simulated') return 'simulated';
  // Tool ids are the provider ids of the growth keys; a tool with no provider key never has one.
  if (!isProvider(tool)) return 'noKey';
  if (saved) return saved.some((credential) => credential.provider === tool) ? 'keySaved' : 'noKey';
  return failed ? 'unknown' : 'checking';
}

/** Tools that will run simulated: no adapter, or no saved key. */
export function runsSimulated(run: ToolRun): boolean {
  return run === 'simulated' || run === 'noKey';
}

/** The saved keys and, from them, how each tool will run; shared by the enrichment and review steps. */
export function useToolReadiness() {
  const credentials = useGrowthCredentials();
  const runOf = (tool: EnrichmentTool) => toolRun(tool, credentials.data, credentials.isError);
  return {
    credentials,
    runOf,
    /** The chosen tools that will run simulated, in the order given. */
    simulatedTools: (tools: readonly EnrichmentTool[]) => tools.filter((tool) => runsSimulated(runOf(tool))),
  };
}
