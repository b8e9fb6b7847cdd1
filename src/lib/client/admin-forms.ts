// Back-office forms post JSON to the admin API. A form declares where and how:
//   <form data-api="/api/v1/admin/promotions" data-method="POST" data-after="reload">
// Fields are read by name; data-type="number" and checkboxes (booleans) convert their values.
// The answer's `next` navigates, data-after="reload" reloads, otherwise the form shows the
// message and, where the answer holds the saved `item`, what was stored in each text field (HTML
// is sanitised, invisible ends trimmed: the form shows what the site will show). Errors: field
// errors under their fields (each also the field's description) with the first invalid field
// focused, and the message in the form's status line when no field holds it; otherwise the button
// keeps the focus. A session that ended keeps the page and its edits (see the 401 below).
// data-confirm asks first (deletes; a member's suspension, with data-confirm-when-checked).
// data-restart names where a sign-in step starts again once its sign-in session has ended (the
// verification code or the new password, past the step's time): a link there follows the message.
// data-changed-only sends only the fields changed on this page (a member's flags: a page opened
// before another admin suspended the member must not lift the suspension by saving the other flag).

import { adminReturnPath, SIGN_IN_STEPS } from '../shared/admin-return.ts';

interface ApiAnswer {
  message?: string;
  next?: string;
  errors?: Record<string, string>;
  item?: Record<string, unknown>;
}

const NETWORK_ERROR = document.documentElement.dataset['networkError'] ?? 'Network error';
const LOGIN_TITLE = document.documentElement.dataset['loginTitle'] ?? 'Login';
const NO_CHANGES = document.documentElement.dataset['noChanges'] ?? 'No changes';
/** Ids given to error slots as they are first filled (aria-describedby needs one). */
let errorIds = 0;

/** True when the field holds what the page was rendered with (a hidden field always counts as changed: it is sent). */
function unchanged(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): boolean {
  if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
  if (el instanceof HTMLSelectElement) {
    // A select with no option marked selected shows its first.
    const initial = Array.from(el.options).findIndex((o) => o.defaultSelected);
    return el.selectedIndex === Math.max(initial, 0);
  }
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return el.checked === el.defaultChecked;
  return el.value === el.defaultValue;
}

function body(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const changedOnly = form.hasAttribute('data-changed-only');
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) continue;
    if (!el.name || el.disabled) continue;
    if (changedOnly && unchanged(el)) continue;
    if (el instanceof HTMLInputElement && el.type === 'checkbox') out[el.name] = el.checked;
    else if (el.dataset['type'] === 'number') out[el.name] = el.value.trim() === '' ? null : Number(el.value);
    else out[el.name] = el.value;
  }
  return out;
}

/**
 * Puts what was stored into the form's text fields (not passwords, numbers or checkboxes), and the
 * saved version (the row's new updatedAt) into its hidden version field, so that its next save is
 * checked against this one.
 */
function showStored(form: HTMLFormElement, item: Record<string, unknown>) {
  const version = form.elements.namedItem('version');
  const savedAt = typeof item['updatedAt'] === 'string' ? Date.parse(item['updatedAt']) : NaN;
  if (version instanceof HTMLInputElement && version.type === 'hidden' && Number.isFinite(savedAt)) version.value = String(savedAt);
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && (el.type === 'text' || el.type === 'url')))) continue;
    if (el.dataset['type'] === 'number') continue;
    const stored = item[el.name];
    if (typeof stored === 'string' && stored !== el.value) el.value = stored;
  }
}

function clearErrors(form: HTMLFormElement) {
  for (const el of form.querySelectorAll<HTMLElement>('[data-error-for]')) el.textContent = '';
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

function showStatus(form: HTMLFormElement, text: string, ok: boolean): HTMLElement | null {
  const status = form.querySelector<HTMLElement>('.form-status');
  if (!status) return null;
  status.textContent = text;
  status.classList.toggle('ok', ok);
  status.setAttribute('role', ok ? 'status' : 'alert');
  return status;
}

/**
 * The button was disabled while the request ran, which took the keyboard focus from it (to the
 * page's body): it gets it back, unless something else was focused meanwhile.
 */
function refocus(button: HTMLButtonElement | null) {
  if (button && (document.activeElement === null || document.activeElement === document.body)) button.focus();
}

/**
 * data-confirm asks every time, or, with data-confirm-when-checked="name", only when that checkbox
 * is being ticked now (suspending a member asks; lifting a suspension or a change of the other
 * flag does not).
 */
function needsConfirm(form: HTMLFormElement): boolean {
  const name = form.dataset['confirmWhenChecked'];
  if (!name) return true;
  const box = form.elements.namedItem(name);
  return box instanceof HTMLInputElement && box.checked && !box.defaultChecked;
}

async function submit(form: HTMLFormElement, button: HTMLButtonElement | null) {
  const confirmText = form.dataset['confirm'];
  if (confirmText && needsConfirm(form) && !window.confirm(confirmText)) return;
  clearErrors(form);
  showStatus(form, '', true);
  const method = (form.dataset['method'] ?? 'POST').toUpperCase();
  const payload = method === 'DELETE' ? null : body(form);
  if (payload && form.hasAttribute('data-changed-only') && Object.keys(payload).length === 0) {
    showStatus(form, NO_CHANGES, true);
    refocus(button);
    return;
  }
  if (button) button.disabled = true;
  let res: Response;
  try {
    res = await fetch(form.dataset['api']!, {
      method,
      credentials: 'same-origin',
      headers: method === 'DELETE' ? {} : { 'content-type': 'application/json' },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
  } catch {
    showStatus(form, NETWORK_ERROR, false);
    if (button) button.disabled = false;
    refocus(button);
    return;
  }
  const answer = ((await res.json().catch(() => ({}))) ?? {}) as ApiAnswer;
  if (button) button.disabled = false;
  if (res.ok) {
    if (answer.next) {
      // The last sign-in step answers '/admin': the page that sent the admin to sign in comes first.
      const to = answer.next === '/admin' ? (takeReturn() ?? answer.next) : answer.next;
      if (answer.message) keepMessage(to, null, answer.message);
      return location.assign(to);
    }
    if (form.dataset['after'] === 'reload') {
      if (answer.message) keepMessage(here(), form.dataset['api'] ?? null, answer.message);
      return location.reload();
    }
    if (answer.item && typeof answer.item === 'object') showStored(form, answer.item);
    // For a page that shows the stored item elsewhere too (a match's result line).
    form.dispatchEvent(new CustomEvent('admin:saved', { bubbles: true, detail: answer.item ?? null }));
    showStatus(form, answer.message ?? '', true);
    refocus(button);
    return;
  }
  const restart = form.dataset['restart'];
  if (res.status === 401 && (restart || !form.hasAttribute('data-auth'))) {
    // The session ended (signed out in another tab, or idle too long). Going to the sign-in page
    // threw the edits away: they stay, with the message and the sign-in in a new tab, after which
    // the same button saves them. A sign-in step (data-restart) has nothing to keep: it links to
    // the sign-in in the same tab.
    const status = showStatus(form, answer.message ?? NETWORK_ERROR, false);
    const to = restart ? { href: restart } : { href: '/admin/login', target: '_blank', rel: 'noopener' };
    status?.append(' ', Object.assign(document.createElement('a'), { ...to, textContent: LOGIN_TITLE }));
    refocus(button);
    return;
  }
  let unplaced = false;
  for (const [field, message] of Object.entries(answer.errors ?? {})) {
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`);
    const input = form.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`);
    if (slot) slot.textContent = message;
    else unplaced = true;
    if (!input) continue;
    input.setAttribute('aria-invalid', 'true');
    // The message becomes part of the field's description, as a screen reader announces it on focus.
    if (slot) {
      slot.id ||= `error-${++errorIds}`;
      const described = input.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
      if (!described.includes(slot.id)) input.setAttribute('aria-describedby', [...described, slot.id].join(' '));
    }
  }
  // Said once: when every error stands under its field, the status line would only repeat one of
  // them or add the server's general 'Silahkan cek kembali!'.
  const placed = form.querySelector('[aria-invalid="true"]') !== null;
  if (!placed || unplaced) showStatus(form, answer.message ?? NETWORK_ERROR, false);
  const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (invalid) invalid.focus();
  else refocus(button);
}

/**
 * A form whose page reloads after a save ('Memo terkirim.', a member's flags) says so once the page
 * is back: the message waits in sessionStorage for that page and that form, whose button gets the
 * keyboard focus again (the reload had put it at the top of the page). A form that is gone after
 * the reload (a deleted item's: 'Terhapus.') says it at the top of the page, as does a message for
 * another page ('Password berhasil diganti.', then the dashboard): the layout's data-flash line,
 * which then holds the focus.
 */
const SAVED_KEY = 'adminSaved';
const RETURN_KEY = 'adminReturn';
const here = () => location.pathname + location.search;

function keepMessage(page: string, api: string | null, message: string) {
  try {
    sessionStorage.setItem(SAVED_KEY, JSON.stringify({ page, api, message }));
  } catch {
    // Storage blocked: the page changes without the message.
  }
}

interface Kept {
  page?: unknown;
  api?: unknown;
  message?: unknown;
}

function takeKept(): Kept | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(SAVED_KEY) ?? 'null') as Kept | null;
    sessionStorage.removeItem(SAVED_KEY);
    return kept;
  } catch {
    return null;
  }
}

function showKeptMessage() {
  const kept = takeKept();
  if (!kept || kept.page !== here() || typeof kept.message !== 'string') return;
  const form = kept.api === null ? undefined : Array.from(document.querySelectorAll<HTMLFormElement>('form[data-api]')).find((f) => f.dataset['api'] === kept.api);
  if (form) {
    showStatus(form, kept.message, true);
    form.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    return;
  }
  const flash = document.querySelector<HTMLElement>('[data-flash]');
  if (!flash) return;
  flash.textContent = kept.message;
  // Focused only where the page came back after a write on it: a page reached after sign-in starts at its top anyway.
  if (kept.api !== null) {
    flash.tabIndex = -1;
    flash.focus();
  }
}
showKeptMessage();

/**
 * The sign-in page names the page to return to (data-return, from its ?next=); it is kept through
 * the steps that follow (verification code, new password) until the last one answers '/admin'. A
 * sign-in without one, and any page past the sign-in, forget it: a later password change, chosen
 * from the menu, ends on the dashboard, not on a page an abandoned sign-in named.
 */
function rememberReturn() {
  const form = document.querySelector<HTMLFormElement>('form[data-return]');
  try {
    const back = form ? adminReturnPath(form.dataset['return']) : null;
    if (back) sessionStorage.setItem(RETURN_KEY, back);
    else if (form || !SIGN_IN_STEPS.has(location.pathname)) sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage blocked: the sign-in ends on the dashboard.
  }
}
rememberReturn();

function takeReturn(): string | null {
  try {
    const back = adminReturnPath(sessionStorage.getItem(RETURN_KEY));
    sessionStorage.removeItem(RETURN_KEY);
    return back;
  } catch {
    return null;
  }
}

// The server checks every field and answers in Indonesian, under the field; the browser's own
// bubbles ('Please fill out this field.') would speak the browser's language instead.
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-api]')) form.noValidate = true;

document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset['api']) return;
  event.preventDefault();
  const button = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  void submit(form, button);
});
