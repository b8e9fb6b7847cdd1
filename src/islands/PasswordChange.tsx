import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { settingText, validation } from '../lib/shared/messages/auth.ts';
import { forms } from '../lib/shared/messages/shell.ts';
import { firstErrors } from '../lib/shared/schemas/fields.ts';
import { passwordChangeSchema, stripSpaces } from '../lib/shared/schemas/auth.ts';
import { PASSWORD_LENGTH, inputMaxLength } from '../lib/shared/constants.ts';
import * as api from '../lib/client/api.ts';
import { changePassword, checkPassword } from '../lib/client/account.ts';
import PasswordInput from './ui/PasswordInput.tsx';

type Field = 'oldPassword' | 'password' | 'passwordConfirm';

/**
 * Password change (001 §2, §5): the old password is confirmed first ('Cek Password'); the change
 * button stays disabled until it is. The server checks the old password again on the change itself.
 */
export default function PasswordChange() {
  const [oldPassword, setOldPassword] = useState('');
  const [verified, setVerified] = useState<boolean | null>(null);
  const [checkMessage, setCheckMessage] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Where the keyboard goes next: the new password once the old one is confirmed, and the old
  // password field again after a change (the button that had focus is then disabled).
  const oldRef = useRef<HTMLInputElement>(null);
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  /** Shows the errors and takes the keyboard to the first field that has one. */
  const refuse = (found: Partial<Record<Field, string>>) => {
    setErrors(found);
    const first = (['oldPassword', 'password', 'passwordConfirm'] as const).find((f) => found[f]);
    ({ oldPassword: oldRef, password: newRef, passwordConfirm: confirmRef })[first ?? 'oldPassword'].current?.focus();
  };
  useEffect(() => {
    if (verified) newRef.current?.focus();
  }, [verified]);

  async function check() {
    if (busy) return;
    if (!oldPassword) {
      refuse({ oldPassword: validation.required });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const r = await checkPassword(oldPassword);
      setVerified(r.valid);
      setCheckMessage(r.message);
      // 'Password Salah': back to the old password, to type it again.
      if (!r.valid) {
        oldRef.current?.focus();
        oldRef.current?.select();
      }
    } catch (err) {
      setVerified(false);
      // Only the check failed (nothing was changed): a 429's or a 5xx's own message, else this one.
      setCheckMessage(api.problem(err).message ?? settingText.checkFailed);
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setResult(null);
    if (!verified) {
      setCheckMessage(settingText.confirmFirst);
      return;
    }
    if (busy) return;
    const parsed = passwordChangeSchema.safeParse({ oldPassword, password, passwordConfirm });
    if (!parsed.success) {
      refuse(firstErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await changePassword(parsed.data);
      setResult({ ok: true, text: `${settingText.success} ${settingText.othersSignedOut}` });
      setOldPassword('');
      setPassword('');
      setPasswordConfirm('');
      setVerified(null);
      setCheckMessage('');
      oldRef.current?.focus();
    } catch (err) {
      const p = api.problem(err);
      if (p.errors) refuse(p.errors);
      // Too many tries, or the server busy: say so (how long to wait). Focus stays on the button.
      const says = (p.status === 429 || p.status === 503) && p.message;
      setResult({ ok: false, text: says || settingText.failed });
    } finally {
      setBusy(false);
    }
  }

  /** What ties a field to its error, for a screen reader. */
  const described = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `pw-${f}-error` } : {});
  const error = (f: Field) =>
    errors[f] && (
      <p className="field-error" id={`pw-${f}-error`}>
        {errors[f]}
      </p>
    );

  return (
    <form className="form password-change" onSubmit={submit} noValidate>
      <h2>{settingText.heading}</h2>
      <p className="required-note">{forms.requiredNote}</p>
      <div className="field">
        <label htmlFor="pw-oldPassword">{settingText.oldPassword}</label>
        <div className="inline">
          <PasswordInput
            id="pw-oldPassword"
            autoComplete="current-password"
            maxLength={inputMaxLength(PASSWORD_LENGTH.max)}
            value={oldPassword}
            ref={oldRef}
            aria-required
            {...described('oldPassword')}
            // Enter here means 'Cek Password' (the form's own submit waits for the check).
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              if (!busy) void check();
            }}
            onChange={(e) => {
              setOldPassword(stripSpaces(e.target.value));
              setVerified(null);
              setCheckMessage('');
            }}
          />
          <button type="button" className="btn ghost" onClick={check} aria-disabled={busy}>
            {settingText.check}
          </button>
        </div>
        {error('oldPassword')}
        <p className={`check-status${verified === true ? ' ok' : verified === false ? ' bad' : ''}`} role="status">
          {checkMessage || (verified === null ? settingText.confirmFirst : '')}
        </p>
      </div>
      <div className="field">
        <label htmlFor="pw-password">{settingText.newPassword}</label>
        <PasswordInput
          id="pw-password"
          ref={newRef}
          aria-required
          {...described('password')}
          autoComplete="new-password"
          maxLength={inputMaxLength(PASSWORD_LENGTH.max)}
          value={password}
          onChange={(e) => setPassword(stripSpaces(e.target.value))}
          disabled={!verified}
        />
        {error('password')}
      </div>
      <div className="field">
        <label htmlFor="pw-passwordConfirm">{settingText.newPasswordConfirm}</label>
        <PasswordInput
          id="pw-passwordConfirm"
          ref={confirmRef}
          aria-required
          {...described('passwordConfirm')}
          autoComplete="new-password"
          maxLength={inputMaxLength(PASSWORD_LENGTH.max)}
          value={passwordConfirm}
          onChange={(e) => setPasswordConfirm(stripSpaces(e.target.value))}
          disabled={!verified}
        />
        {error('passwordConfirm')}
      </div>
      {result && (
        <p className={result.ok ? 'form-ok' : 'form-error'} role="alert">
          {result.text}
        </p>
      )}
      <button type="submit" className="btn block" disabled={!verified} aria-disabled={busy}>
        {settingText.submit}
      </button>
    </form>
  );
}
