// Register: name and password; logged in at once on success.
import { authForm, markReady, session } from './common.js';

authForm(document.getElementById('register-form'), '/api/register');
session().catch(() => {}).finally(markReady);
