// A game's rules page (/rules/{game}): the server writes the rules into
// the page; the script only has the header name the person and the page
// say it is ready.

import { markReady } from './common.js';

markReady();
