import { useState } from 'react';
import { contactText } from '../lib/shared/messages/auth.ts';
import Dialog from './ui/Dialog.tsx';

export interface Shortcut {
  id: string;
  label: string;
  /** Target url of an active channel; null for an inactive one. */
  url: string | null;
}

/** The login screen's contact shortcuts (000 §2); an inactive channel opens '{channel} tidak aktif' (000 §8). */
export default function ContactShortcuts({ channels }: { channels: Shortcut[] }) {
  const [inactive, setInactive] = useState<string | null>(null);
  return (
    <nav className="contact-shortcuts" aria-label={contactText.heading}>
      <ul>
        {channels.map((c) => (
          <li key={c.id}>
            {c.url ? (
              <a href={c.url} target="_blank" rel="noopener noreferrer">
                {c.label}
              </a>
            ) : (
              <button type="button" onClick={() => setInactive(c.label)}>
                {c.label}
              </button>
            )}
          </li>
        ))}
      </ul>
      <Dialog open={inactive !== null} title={contactText.inactiveTitle(inactive ?? '')} okLabel={contactText.ok} onClose={() => setInactive(null)}>
        <p>{contactText.inactiveText(inactive ?? '')}</p>
      </Dialog>
    </nav>
  );
}
