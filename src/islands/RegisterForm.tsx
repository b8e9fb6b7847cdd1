import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { registerText, validation } from '../lib/shared/messages/auth.ts';
import { forms } from '../lib/shared/messages/shell.ts';
import { firstErrors } from '../lib/shared/schemas/fields.ts';
import { registerFields, registerSchema, todayWib, type RegisterField, type RegisterInput } from '../lib/shared/schemas/auth.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_LENGTH, PHONE_LENGTH, REFERRAL_FOREIGN_CLASS, REFERRAL_MAX_LENGTH, USERNAME_LENGTH, inputMaxLength } from '../lib/shared/constants.ts';
import * as api from '../lib/client/api.ts';
import { registerDownline } from '../lib/client/account.ts';
import { $session, markHistoryLogged, signIn, signOut } from '../lib/client/session.ts';
import Dialog from './ui/Dialog.tsx';
import PasswordInput from './ui/PasswordInput.tsx';
import { useTypedBeforeHydration } from './ui/useTypedBeforeHydration.ts';

interface Props {
  /**
   * public: /register and /register/{code} (success → automatic login → /lobby);
   * downline: /referral/{code}, a signed-in member registering a referral (success → /referral).
   */
  mode: 'public' | 'downline';
  /** Referral code from the path, shown read-only. */
  referral?: string;
  /** The path's referral code does not exist: 'Opps!' then /register (000 §4). */
  referralMissing?: boolean;
  /** Downline: the path's code is no member's (said instead of 'not yours'; the page stays). */
  referralUnknown?: boolean;
}

type Values = Omit<Record<RegisterField, string>, 'agree'> & { agree: boolean };
type Errors = Partial<Record<RegisterField, string>>;

/** Input as it is typed: lowercased (000 §5), digits-only fields keep their digits, no spaces in passwords. */
const normalise: Partial<Record<RegisterField, (s: string) => string>> = {
  username: (s) => s.toLowerCase().replace(/\s/g, ''),
  password: (s) => s.replace(/\s/g, ''),
  passwordConfirm: (s) => s.replace(/\s/g, ''),
  phone: (s) => s.replace(/\s/g, ''),
  email: (s) => s.toLowerCase().replace(/\s/g, ''),
};

/**
 * A date of birth typed only in part gives the form no value at all (a date input's value is empty
 * until every part is there), which the schema would call empty: the input itself knows better.
 */
function validate(values: Values, form: HTMLFormElement | null): Errors {
  const r = registerSchema.safeParse({ ...values, referral: values.referral || undefined });
  const errors = r.success ? {} : (firstErrors(r.error) as Errors);
  const date = form?.elements.namedItem('birthDate');
  if (date instanceof HTMLInputElement && date.validity.badInput) errors.birthDate = validation.birthDate.invalid;
  return errors;
}

export default function RegisterForm({ mode, referral = '', referralMissing = false, referralUnknown = false }: Props) {
  const [values, setValues] = useState<Values>({
    username: '',
    password: '',
    passwordConfirm: '',
    phone: '',
    email: '',
    referral: referralMissing ? '' : referral,
    birthDate: '',
    agree: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState('');
  const [pulse, setPulse] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [missing, setMissing] = useState(referralMissing);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit the keyboard goes to the first field in error (once it is marked).
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refocus]);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (!(registerFields as readonly string[]).includes(name)) return;
    const f = name as RegisterField;
    setValues((v) => ({ ...v, [f]: typeof value === 'string' ? (normalise[f]?.(value) ?? value) : value }));
  });

  // Visiting the public registration clears stored session items (000 §4).
  useEffect(() => {
    if (mode === 'public') void signOut();
  }, [mode]);

  // A downline is registered under the member's own code (their username) only: another member's
  // code is said at once, not after the whole form was filled in and refused. A code that is no
  // member's is no one's own, so the server renders that message already (the form, rendered and
  // then taken away, moved the page up: a layout shift of 0.18).
  const [foreign, setForeign] = useState(mode === 'downline' && referralUnknown);
  // Another member's code is said by the page's own message, which its inline script shows before
  // the first paint (REFERRAL_FOREIGN): the form, rendered and then taken away, moved the page too.
  // The class is set here as well, in case that script did not run.
  useEffect(() => {
    const session = $session.get();
    const other = mode === 'downline' && session !== null && session.username !== referral;
    setForeign(other);
    if (other && !referralUnknown) document.documentElement.classList.add(REFERRAL_FOREIGN_CLASS);
  }, [mode, referral, referralUnknown]);

  function set<K extends RegisterField>(field: K, value: Values[K]) {
    const next = { ...values, [field]: typeof value === 'string' ? (normalise[field]?.(value) ?? value) : value };
    setValues(next);
    if (submitted) setErrors(validate(next, formRef.current));
  }

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found = validate(values, formRef.current);
    setErrors(found);
    if (!values.agree) setPulse(true);
    if (Object.keys(found).length > 0) {
      setFormError(validation.checkAgain);
      setRefocus((n) => n + 1);
      return;
    }
    setFormError('');
    setBusy(true);
    const body: RegisterInput = { ...values, agree: true, referral: values.referral || undefined };
    try {
      if (mode === 'public') {
        const r = await api.auth.register(body);
        signIn(r);
        markHistoryLogged();
        setDone(r.username);
      } else {
        const r = await registerDownline(body);
        setDone(r.username);
      }
    } catch (err) {
      const p = api.problem(err);
      if (p.errors) {
        setErrors(p.errors as Errors);
        setFormError(p.status === 409 ? '' : (p.message ?? validation.checkAgain));
        setRefocus((n) => n + 1);
      } else {
        setFormError(p.message ?? registerText.failed);
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Exclude<RegisterField, 'agree' | 'password' | 'passwordConfirm'>, label: string, extra: Record<string, unknown> = {}) => (
    <div className="field">
      <label htmlFor={`reg-${name}`}>{label}</label>
      <input
        id={`reg-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        // Every field but the read-only referral code must be filled in.
        aria-required={name === 'referral' ? undefined : true}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `reg-${name}-error` : undefined}
        {...extra}
      />
      {errors[name] && (
        <p className="field-error" id={`reg-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  const passwordField = (name: 'password' | 'passwordConfirm', label: string) => (
    <div className="field">
      <label htmlFor={`reg-${name}`}>{label}</label>
      <PasswordInput
        id={`reg-${name}`}
        name={name}
        autoComplete="new-password"
        maxLength={inputMaxLength(PASSWORD_LENGTH.max)}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `reg-${name}-error` : undefined}
      />
      {errors[name] && (
        <p className="field-error" id={`reg-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  if (foreign) {
    // Another member's code: the page's own message says so (see the effect above).
    if (!referralUnknown) return null;
    return (
      <p className="form-error" role="alert">
        {registerText.downlineUnknown}
      </p>
    );
  }

  return (
    <form ref={formRef} className="form register-form" method="post" onSubmit={submit} noValidate>
      <p className="required-note">{forms.requiredNote}</p>
      <fieldset>
        <legend>{registerText.section}</legend>
        {field('username', registerText.username, { autoComplete: 'username', autoCapitalize: 'none', spellCheck: false, maxLength: inputMaxLength(USERNAME_LENGTH.max) })}
        {passwordField('password', registerText.password)}
        {passwordField('passwordConfirm', registerText.passwordConfirm)}
        {field('phone', registerText.phone, { type: 'tel', inputMode: 'numeric', autoComplete: 'tel', maxLength: inputMaxLength(PHONE_LENGTH.max) })}
        {field('email', registerText.email, { type: 'email', autoComplete: 'email', autoCapitalize: 'none', maxLength: inputMaxLength(EMAIL_MAX_LENGTH) })}
        {field('referral', registerText.referral, { readOnly: true, maxLength: REFERRAL_MAX_LENGTH })}
        {field('birthDate', registerText.birthDate, { type: 'date', autoComplete: 'bday', min: '1900-01-01', max: todayWib() })}
      </fieldset>
      <div className="field">
        <label className={`agree${pulse ? ' pulse' : ''}`} onAnimationEnd={() => setPulse(false)}>
          <input
            type="checkbox"
            name="agree"
            checked={values.agree}
            onChange={(e) => set('agree', e.target.checked)}
            aria-required
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? 'reg-agree-error' : undefined}
          />
          <span>
            {mode === 'downline' ? registerText.downlineAgreeBefore : registerText.agreeBefore}
            <a href="/peraturanhome" target="_blank" rel="noopener">
              {registerText.agreeLink}
            </a>
            {registerText.agreeAfter}
          </span>
        </label>
        {errors.agree && (
          <p className="field-error" id="reg-agree-error">
            {errors.agree}
          </p>
        )}
      </div>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      {/* Busy, the button stays focusable: a refusal that names no field leaves the keyboard on it. */}
      <button type="submit" className="btn block" aria-disabled={busy}>
        {busy ? registerText.submitting : registerText.submit}
      </button>

      <Dialog
        open={done !== null}
        tone="success"
        title={registerText.successTitle}
        okLabel={registerText.ok}
        // replace: Back from the lobby must not return to the form (whose visit signs out, 000 §4).
        onClose={() => location.replace(mode === 'public' ? '/lobby' : '/referral')}
      >
        <p>{done && (mode === 'public' ? registerText.success(done) : registerText.downlineSuccess(done))}</p>
      </Dialog>
      <Dialog
        open={missing}
        tone="error"
        title={registerText.referralMissingTitle}
        okLabel={registerText.ok}
        onClose={() => {
          setMissing(false);
          location.assign('/register');
        }}
      >
        <p>{validation.referral.notFound}</p>
      </Dialog>
    </form>
  );
}
