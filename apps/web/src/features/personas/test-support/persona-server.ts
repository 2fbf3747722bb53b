import { type MessageTemplate, type Persona, routes as apiRoutes } from '@doppel/contracts';
import { errorReply, type ErrorReply, fakeRoute, OK_REPLY } from '@/test-support/fake-api';
import { makePersona, personaUuid as uuid } from '@/test-support/persona-fixtures';
import { signedInRoutes, type ServerRoutes } from '@/test-support/render-with-providers';

export { makePersona };

/**
 * A fake of the personas API over an in-memory list, answering like the server: newest first,
 * PATCH applies the fields sent, one twin's voice, templates per persona.
 */
export function personaServer(initial: Persona[], templates: MessageTemplate[] = []) {
  const personas = [...initial];
  const templateList = [...templates];
  const routes: ServerRoutes = {
    ...signedInRoutes(),
    ...fakeRoute(apiRoutes.personas.list, () => ({
      body: { items: [...personas].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) },
    })),
    ...fakeRoute(apiRoutes.personas.create, ({ body }) => {
      const persona = makePersona({
        ...(body as Partial<Persona>),
        createdAt: '2026-03-09T12:00:00.000Z',
      });
      personas.push(persona);
      return { status: 201, body: persona };
    }),
    ...fakeRoute(apiRoutes.personas.get, ({ params }) => known(params.id, (persona) => ({ body: persona }))),
    ...fakeRoute(apiRoutes.personas.update, ({ params, body }) =>
      known(params.id, (persona) => ({ body: Object.assign(persona, body) })),
    ),
    ...fakeRoute(apiRoutes.personas.delete, ({ params }) =>
      known(params.id, (persona) => {
        personas.splice(personas.indexOf(persona), 1);
        return OK_REPLY;
      }),
    ),
    ...fakeRoute(apiRoutes.personas.makeTwinVoice, ({ params }) =>
      known(params.id, (persona) => {
        for (const other of personas) other.isTwinVoice = other.id === persona.id;
        return { body: persona };
      }),
    ),
    ...fakeRoute(apiRoutes.personas.stats, ({ params }) =>
      known(params.id, (persona) => ({ body: { personaId: persona.id, contacts: 12, messages: 345 } })),
    ),
    ...fakeRoute(apiRoutes.personas.templates, ({ params }) =>
      known(params.id, (persona) => ({
        body: { items: templateList.filter((template) => template.personaId === persona.id) },
      })),
    ),
    ...fakeRoute(apiRoutes.personas.createTemplate, ({ params, body }) =>
      known(params.id, (persona) => {
        const input = body as Partial<MessageTemplate>;
        const template: MessageTemplate = {
          id: uuid(9000 + templateList.length),
          personaId: persona.id,
          name: input.name ?? '',
          content: input.content ?? '',
          variables: input.variables ?? [],
          platform: input.platform ?? 'universal',
          createdAt: '2026-03-09T12:00:00.000Z',
          updatedAt: '2026-03-09T12:00:00.000Z',
        };
        templateList.push(template);
        return { status: 201, body: template };
      }),
    ),
  };
  /** Answers for a persona of the list, or 404 like the server. */
  function known<T>(id: string, answer: (persona: Persona) => T): T | ErrorReply {
    const persona = personas.find((candidate) => candidate.id === id);
    return persona ? answer(persona) : errorReply(404, 'not_found', 'Persona not found');
  }
  return { personas, templates: templateList, routes };
}
