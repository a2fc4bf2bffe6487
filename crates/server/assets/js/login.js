// Log in: name and password; errors shown under the fields.
import { authForm, markReady, session } from './common.js';

authForm(document.getElementById('login-form'), '/api/login');
// Fetch the session (and its CSRF token) before the first submit.
session().catch(() => {}).finally(markReady);
