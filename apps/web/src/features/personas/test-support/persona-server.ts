import { type MessageTemplate, type Persona, routes as apiRoutes } from '@doppel/contracts';
import { fakeRoute, routeKey, type FakeRequest } from '@/test-support/fake-api';
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
    ...fakeRoute(apiRoutes.personas.create, ({ body }: FakeRequest) => {
      const persona = makePersona({
        ...(body as Partial<Persona>),
        createdAt: '2026-03-09T12:00:00.000Z',
      });
      personas.push(persona);
      register(persona);
      return { status: 201, body: persona };
    }),
  };
  const find = (id: string) => personas.find((persona) => persona.id === id)!;
  function register(persona: Persona) {
    routes[routeKey(apiRoutes.personas.get, { id: persona.id })] = () => ({ body: find(persona.id) });
    routes[routeKey(apiRoutes.personas.update, { id: persona.id })] = ({ body }: FakeRequest) => {
      Object.assign(find(persona.id), body);
      return { body: find(persona.id) };
    };
    routes[routeKey(apiRoutes.personas.delete, { id: persona.id })] = () => {
      personas.splice(personas.indexOf(find(persona.id)), 1);
      return { body: { ok: true } };
    };
    routes[routeKey(apiRoutes.personas.makeTwinVoice, { id: persona.id })] = () => {
      for (const other of personas) other.isTwinVoice = other.id === persona.id;
      return { body: find(persona.id) };
    };
    routes[routeKey(apiRoutes.personas.stats, { id: persona.id })] = {
      body: { personaId: persona.id, contacts: 12, messages: 345 },
    };
    routes[routeKey(apiRoutes.personas.templates, { id: persona.id })] = () => ({
      body: { items: templateList.filter((template) => template.personaId === persona.id) },
    });
    routes[routeKey(apiRoutes.personas.createTemplate, { id: persona.id })] = ({ body }: FakeRequest) => {
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
    };
  }
  for (const persona of initial) register(persona);
  return { personas, templates: templateList, routes };
}
