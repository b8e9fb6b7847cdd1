import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { loginText } from '../../lib/shared/messages/auth.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> };

/** A password field with its show/hide toggle. */
export default function PasswordInput(props: Props) {
  const [shown, setShown] = useState(false);
  return (
    <span className="pw-wrap">
      <input {...props} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="pw-toggle"
        aria-label={shown ? loginText.hidePassword : loginText.showPassword}
        aria-pressed={shown}
        // A disabled field's toggle is no stop on the keyboard's way.
        disabled={props.disabled}
        onClick={() => setShown((s) => !s)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {shown && <path d="M4 4l16 16" />}
        </svg>
      </button>
    </span>
  );
}
