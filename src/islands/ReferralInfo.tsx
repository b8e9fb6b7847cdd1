import { useStore } from '@nanostores/react';
import { referralText } from '../lib/shared/messages/auth.ts';
import { $session } from '../lib/client/session.ts';

/** The member's own referral code (their username) and registration link. */
export default function ReferralInfo({ origin }: { origin: string }) {
  const session = useStore($session, { ssr: () => null });
  if (!session) return null;
  const link = `${origin}/register/${session.username}`;
  return (
    <dl className="referral-info">
      <dt>{referralText.code}</dt>
      <dd>
        <code>{session.username}</code>
      </dd>
      <dt>{referralText.link}</dt>
      <dd>
        <a href={link}>{link}</a>
      </dd>
      <dd>
        <a className="btn" href={`/referral/${session.username}`}>
          {referralText.register}
        </a>
      </dd>
    </dl>
  );
}
