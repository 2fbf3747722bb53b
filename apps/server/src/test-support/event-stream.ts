/** One server-sent event as a test reads it: its name and its parsed data. */
export interface ReceivedEvent {
  event: string;
  data: { type: string } & Record<string, unknown>;
}

/**
 * Opens GET /events like the web app does (bearer token in a header) and collects what it
 * receives: `received[i]` arrived at `arrivedAt[i]` (Date.now()). `ended` resolves once the
 * server ends the stream, or the test closes it.
 */
export async function openEventStream(baseUrl: string, accessToken: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/events`, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: controller.signal,
  });
  const received: ReceivedEvent[] = [];
  const arrivedAt: number[] = [];
  const reading = (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) {
            received.push({ event, data: JSON.parse(data) as ReceivedEvent['data'] });
            arrivedAt.push(Date.now());
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    received,
    arrivedAt,
    ended: reading,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
