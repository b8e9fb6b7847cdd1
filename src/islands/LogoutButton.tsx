import { useState } from 'react';
import { sessionText } from '../lib/shared/messages/auth.ts';
import { signOut } from '../lib/client/session.ts';

/** Logout: the server's token is deleted, local data cleared, back to the home page. */
export default function LogoutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn ghost"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await signOut();
        location.assign('/');
      }}
    >
      {sessionText.logout}
    </button>
  );
}
