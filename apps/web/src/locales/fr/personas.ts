// The Personas screen's texts: a chunk of their own, fetched with the screen (lib/i18n.ts).
import personas from './personas.json';

export default { personas };
