// Part of `npm run lint`: each table is written by its owning module only, and the server's
// import graph has no cycles. A "unit" is a server module
// (apps/server/src/modules/<name>) or a top folder (lib, integrations, plugins, public-api, mcp);
// units may not import each other in a circle, type-only imports included, and no files may
// either. (That modules reach each other only through their index.ts, and that route files hold
// no SQL, ESLint checks: eslint.config.js.) Prints the cycles it finds and exits 1.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../apps/server/src');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(file);
  }
})(root);

const unitOf = (file) => {
  const parts = relative(root, file).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '(root)';
};

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const fileEdges = new Map();
const unitEdges = new Map();
const add = (map, from, to) => map.set(from, (map.get(from) ?? new Set()).add(to));
for (const file of files) {
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
    const base = resolve(dirname(file), specifier);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (!target) continue;
    add(fileEdges, file, target);
    if (unitOf(file) !== unitOf(target)) add(unitEdges, unitOf(file), unitOf(target));
  }
}

/** Strongly connected components of more than one node (Tarjan). */
function cycles(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component);
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/*
 * Who writes which table (docs/architecture.md). Other code calls the owner's functions; reads
 * are free. Every table in packages/db must be listed.
 */
const TABLE_OWNERS = {
  users: 'modules/auth',
  sessions: 'modules/auth',
  refreshTokens: 'modules/auth',
  authTokens: 'modules/auth',
  mfaRecoveryCodes: 'modules/auth',
  userSettings: 'modules/settings',
  subscriptions: 'modules/subscription',
  instanceSettings: 'modules/subscription',
  billingEvents: 'modules/subscription',
  emailOutbox: 'integrations',
  rateLimitCounters: 'lib',
  jobs: 'lib',
  contacts: 'modules/contacts',
  communicationHistory: 'modules/contacts',
  contactChannels: 'modules/contacts',
  tasks: 'modules/tasks',
  taskTallies: 'modules/tasks',
  aiModels: 'modules/ai-models',
  tokenUsage: 'modules/usage',
  chatMessages: 'modules/agent',
  personaProfiles: 'modules/personas',
  messageTemplates: 'modules/personas',
  documents: 'modules/knowledge',
  documentPassages: 'modules/knowledge',
  documentUses: 'modules/knowledge',
  messengerConnections: 'modules/messengers',
  inboundEvents: 'modules/messengers',
  mailboxSync: 'modules/messengers',
  gatewayLeases: 'modules/messengers',
  emailMessages: 'modules/messengers',
  emailSends: 'modules/messengers',
  apiKeys: 'modules/api-keys',
  mcpServers: 'modules/mcp-servers',
  campaigns: 'modules/campaigns',
  campaignLeads: 'modules/campaigns',
  campaignLeadSteps: 'modules/campaigns',
  campaignTouches: 'modules/campaigns',
  growthCredentials: 'modules/campaigns',
  emailOptOuts: 'modules/campaigns',
  signalSources: 'modules/signals',
  signalItems: 'modules/signals',
  socialAccounts: 'modules/social-accounts',
  voiceExamples: 'modules/drafting',
  pushSubscriptions: 'modules/notifications',
  notificationTargets: 'modules/notifications',
  notificationDeliveries: 'modules/notifications',
};
const problems = [];
const schemaDir = resolve(import.meta.dirname, '../packages/db/src/schema');
for (const name of readdirSync(schemaDir)) {
  for (const [, table] of readFileSync(join(schemaDir, name), 'utf8').matchAll(
    /export const (\w+) = pgTable\(/g,
  )) {
    if (!TABLE_OWNERS[table])
      problems.push(
        `Table ${table} (packages/db/src/schema/${name}) has no owner in ${relative(process.cwd(), import.meta.filename)}.`,
      );
  }
}
// Test fixtures (test-support) may write rows directly.
for (const file of files.filter((candidate) => unitOf(candidate) !== 'test-support')) {
  const text = readFileSync(file, 'utf8');
  for (const [, table] of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const owner = TABLE_OWNERS[table];
    if (owner && owner !== unitOf(file)) {
      problems.push(`${relative(root, file)} writes ${table}, which ${owner} owns: call its functions.`);
    }
  }
}

const unitCycles = cycles(unitEdges);
const fileCycles = cycles(fileEdges);
for (const cycle of unitCycles)
  console.error(`Server units import each other in a circle: ${cycle.sort().join(', ')}`);
for (const cycle of fileCycles) {
  console.error(
    `Server files import each other in a circle: ${cycle
      .map((file) => relative(root, file))
      .sort()
      .join(', ')}`,
  );
}
for (const problem of problems) console.error(problem);
if (problems.length + unitCycles.length + fileCycles.length > 0) process.exit(1);
console.log(
  `Server modules: ${files.length} files in ${unitEdges.size} units, no import cycles, ` +
    `${Object.keys(TABLE_OWNERS).length} tables each written by its owner only.`,
);
