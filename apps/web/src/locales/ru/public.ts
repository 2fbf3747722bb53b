// What the public pages (/auth and the email links) need: one chunk per language.
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';

export default { common, auth, errors };
