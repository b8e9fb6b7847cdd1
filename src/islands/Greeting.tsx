import { useStore } from '@nanostores/react';
import { lobbyText } from '../lib/shared/messages/auth.ts';
import { $session } from '../lib/client/session.ts';

/** 'Selamat bermain {username}' (001 §2 Lobby); the username comes from the stored access token. */
export default function Greeting() {
  const session = useStore($session, { ssr: () => null });
  return <h1>{session ? lobbyText.greeting(session.username) : lobbyText.loading}</h1>;
}
