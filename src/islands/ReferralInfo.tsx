import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { referralText } from '../lib/shared/messages/auth.ts';
import { $session } from '../lib/client/session.ts';

/**
 * The member's own referral code (their username) and registration link. The link is for sharing,
 * so it is shown to copy, not to follow: opening /register signs the member out (000 §4). Its
 * origin is the one the member is on, whatever the build was told.
 */
export default function ReferralInfo() {
  const session = useStore($session, { ssr: () => null });
  const [copied, setCopied] = useState<boolean | null>(null);
  if (!session) return null;
  const link = `${location.origin}/register/${session.username}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard outside a secure context (plain http on a LAN address): the field stays selectable.
      setCopied(false);
    }
  }

  return (
    <dl className="referral-info">
      <dt>{referralText.code}</dt>
      <dd>
        <code>{session.username}</code>
      </dd>
      <dt>
        <label htmlFor="referral-link">{referralText.link}</label>
      </dt>
      <dd>
        <input id="referral-link" className="referral-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn" onClick={() => void copy()}>
          {referralText.copy}
        </button>
        <span role="status">{copied === true ? referralText.copied : copied === false ? referralText.copyManually : ''}</span>
      </dd>
      <dd>
        <a className="btn" href={`/referral/${session.username}`}>
          {referralText.register}
        </a>
      </dd>
    </dl>
  );
}
