export { getPersona, getTwinVoice } from './persona-queries';
export { personasRoutes } from './personas.routes';
export { seedSamplePersonas } from './sample-personas';
export { setPersonaFields } from './persona-commands';
