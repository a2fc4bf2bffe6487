// The account: display name, computer pace, log out. Guests go to /login.

import { api, session, markReady, errorText, $, announce } from './common.js';

function showUser(user) {
  $('#account-name').textContent = user.name;
  $('#display-name').value = user.name;
  const radio = $(`#pace-${user.pace}`) ?? $('#pace-measured');
  radio.checked = true;
  const nav = $('#nav-account');
  if (nav) nav.textContent = user.name;
}

$('#name-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const input = $('#display-name');
  const name = input.value.trim();
  $('#name-error').textContent = '';
  $('#name-saved').textContent = '';
  input.removeAttribute('aria-invalid');
  const button = $('#save-name');
  button.disabled = true;
  try {
    const answer = await api('POST', '/api/account', { name });
    showUser(answer.user);
    $('#name-saved').textContent = 'Name saved.';
  } catch (err) {
    $('#name-error').textContent = errorText(err);
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  } finally {
    button.disabled = false;
  }
});

// Radio buttons save as soon as they change: there is nothing else to submit.
$('#pace-form').addEventListener('change', async (e) => {
  if (e.target.name !== 'pace') return;
  $('#pace-saved').textContent = '';
  $('#pace-error').textContent = '';
  try {
    const answer = await api('POST', '/api/account', { pace: e.target.value });
    showUser(answer.user);
    $('#pace-saved').textContent = `Pace saved: ${answer.user.pace}.`;
  } catch (err) {
    $('#pace-error').textContent = errorText(err);
  }
});
$('#pace-form').addEventListener('submit', (e) => e.preventDefault());

$('#logout').addEventListener('click', async () => {
  try {
    await api('POST', '/api/logout');
    location.assign('/');
  } catch (err) {
    announce(errorText(err));
  }
});

async function main() {
  const s = await session();
  if (!s.user) {
    location.replace('/login?next=/account');
    return;
  }
  showUser(s.user);
  $('#account-body').hidden = false;
}

main().catch((err) => {
  $('#account-error').textContent = errorText(err);
  $('#account-error').hidden = false;
}).finally(markReady);
