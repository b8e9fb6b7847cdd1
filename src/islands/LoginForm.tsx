import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { loginText, sessionText } from '../lib/shared/messages/auth.ts';
import { forms } from '../lib/shared/messages/shell.ts';
import { firstErrors } from '../lib/shared/schemas/fields.ts';
import { loginProblem, loginSchema, reduceUsername, stripSpaces } from '../lib/shared/schemas/login.ts';
import { USERNAME_LENGTH, PASSWORD_LENGTH, inputMaxLength } from '../lib/shared/constants.ts';
import * as api from '../lib/client/api.ts';
import { deviceTokenFor, markHistoryLogged, signIn, takeSessionEnded } from '../lib/client/session.ts';
import Dialog from './ui/Dialog.tsx';
import PasswordInput from './ui/PasswordInput.tsx';
import { useTypedBeforeHydration } from './ui/useTypedBeforeHydration.ts';

interface Props {
  /** /webview: the app token is stored in place of the refresh token (000 §4). */
  webview?: boolean;
}

/** Login (000 §2, §5): username reduced to lowercase letters and digits, spaces stripped from the password. */
export default function LoginForm({ webview = false }: Props) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  /** The field the error is about (the one the keyboard is taken to). */
  const [errorField, setErrorField] = useState<'username' | 'password'>('password');
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  /** The session ended without a logout (session.ts sends the member here): said once, until a try. */
  const [ended, setEnded] = useState(false);
  useEffect(() => setEnded(takeSessionEnded()), []);
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (typeof value !== 'string') return;
    if (name === 'username') setUsername(reduceUsername(value));
    if (name === 'password') setPassword(stripSpaces(value));
  });

  // Back to this page from the back-forward cache (after signing out, on a phone): it was kept as it
  // left for the lobby, 'Memproses…' included, and would take no login until reloaded.
  useEffect(() => {
    const restored = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(false);
    };
    addEventListener('pageshow', restored);
    return () => removeEventListener('pageshow', restored);
  }, []);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(loginProblem(firstErrors(parsed.error)));
      focusField(username ? 'password' : 'username');
      return;
    }
    setBusy(true);
    setError('');
    setEnded(false);
    try {
      signIn(await api.auth.login({ ...parsed.data, ...(webview && { app: true }), deviceToken: deviceTokenFor(parsed.data.username) }));
      markHistoryLogged();
      // The page may be kept in the back-forward cache: Back after signing out must not find the
      // password still typed (the show button would read it to whoever holds the phone).
      flushSync(() => setPassword(''));
      location.assign('/lobby');
    } catch (err) {
      const p = api.problem(err);
      setError(p.status === 401 ? loginText.failed : p.status === 422 || p.status === 429 ? (p.message ?? loginText.error) : loginText.error);
      setBusy(false);
      // The keyboard goes back to the password, selected, to type it again.
      focusField('password', true);
    }
  }

  function focusField(name: 'username' | 'password', select = false) {
    setErrorField(name);
    const input = formRef.current?.elements.namedItem(name);
    if (!(input instanceof HTMLInputElement)) return;
    input.focus();
    if (select) input.select();
  }

  /** Ties the error to both fields (a wrong pair does not say which was wrong), invalid on the one it names. */
  const described = (name: 'username' | 'password') =>
    error ? { 'aria-describedby': 'login-error', ...(errorField === name && { 'aria-invalid': true }) } : {};

  return (
    <form ref={formRef} className="form login-form" method="post" onSubmit={submit} noValidate>
      {/* Always there, filled once hydrated: a live region announces text put into it, not one inserted with its text. */}
      <p className="form-notice" role="status">
        {ended ? sessionText.ended : ''}
      </p>
      <p className="required-note">{forms.requiredNote}</p>
      <div className="field">
        <label htmlFor="login-username">{loginText.username}</label>
        <input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={inputMaxLength(USERNAME_LENGTH.max)}
          aria-required="true"
          {...described('username')}
          value={username}
          onChange={(e) => setUsername(reduceUsername(e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor="login-password">{loginText.password}</label>
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          maxLength={inputMaxLength(PASSWORD_LENGTH.max)}
          aria-required="true"
          {...described('password')}
          value={password}
          onChange={(e) => setPassword(stripSpaces(e.target.value))}
        />
      </div>
      {error && (
        <p className="form-error" id="login-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn block" aria-disabled={busy}>
        {busy ? loginText.submitting : loginText.submit}
      </button>
      <div className="form-links">
        <button type="button" className="link" onClick={() => setForgot(true)}>
          {loginText.forgot}
        </button>
        {!webview && (
          <a className="btn ghost" href="/register">
            {loginText.register}
          </a>
        )}
      </div>
      <Dialog open={forgot} title={loginText.forgot} okLabel={loginText.ok} onClose={() => setForgot(false)}>
        <p>{loginText.forgotAnswer}</p>
      </Dialog>
    </form>
  );
}
