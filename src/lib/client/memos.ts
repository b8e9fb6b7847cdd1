// Member memo calls (with a fresh bearer through asMember) and the shell's status. A change to the
// read state announces itself with a 'gelora:memos' event so the top bar's bell refetches at once.
import { http } from './api.ts';
import { asMember } from './session.ts';
import type { MemoDetail, MemoPage } from '../shared/memos.ts';

export type { MemoDetail, MemoPage, MemoSummary } from '../shared/memos.ts';

export interface ShellStatus {
  username: string;
  suspended: boolean;
  verified: boolean;
  unread: number;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const MEMOS_CHANGED = 'gelora:memos';
const changed = () => dispatchEvent(new Event(MEMOS_CHANGED));

export const listMemos = (page: number) => asMember((t) => http<MemoPage>('/memos', { query: { page }, headers: bearer(t) }));

export async function openMemo(id: string): Promise<MemoDetail> {
  const memo = await asMember((t) => http<MemoDetail>(`/memos/${encodeURIComponent(id)}`, { headers: bearer(t) }));
  changed();
  return memo;
}

export async function markAllRead(): Promise<void> {
  await asMember((t) => http('/memos/read', { method: 'POST', headers: bearer(t) }));
  changed();
}

export const shellStatus = () => asMember((t) => http<ShellStatus>('/me/shell', { headers: bearer(t) }));
