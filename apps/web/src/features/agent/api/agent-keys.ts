/** Query keys of the agent console; both start with 'agent'. */
export const agentKeys = {
  all: ['agent'] as const,
  messages: () => ['agent', 'messages'] as const,
  status: () => ['agent', 'status'] as const,
};
