// The member shell's behaviour (MemberShell.astro): the side menu's drawer and tabs (tabs.ts),
// logout, and the top bar's status (username, memo bell, suspended notice), fetched on load, every
// 30 minutes (001 §9) and whenever a memo changes its read state.
import { MEMO_REFETCH_MS, SHELL_TAPS_GLOBAL } from '../shared/constants.ts';
import { hasStoredSession, storedSessionUser } from './stored-session.ts';
import { $session, afterSignOutPage, signOut } from './session.ts';
import { MEMOS_CHANGED, shellStatus } from './memos.ts';
import { mountTabs } from './tabs.ts';

// Layout's inline check (MEMBER_CLASS) only sees that the tokens are stored: an unreadable one
// gets the visitor's header back rather than a shell that cannot work.
if (!hasStoredSession()) document.documentElement.classList.remove('is-member');

const root = document.querySelector<HTMLElement>('[data-member-shell]');
const drawer = document.getElementById('member-menu');
const tablist = drawer?.querySelector<HTMLElement>('[role="tablist"]');
if (tablist) mountTabs(tablist);

/**
 * While the drawer is open the rest of the page is inert (out of the tab order and out of a screen
 * reader's reach), all but the scrim that closes it and the dialogs (a dialog opened from the
 * drawer, e.g. "Live chat tidak tersedia", would be inert itself): the drawer is a modal in effect.
 */
function setPageInert(inert: boolean) {
  for (let node: Element = drawer!; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling !== node && sibling instanceof HTMLElement && !sibling.matches('.menu-scrim, dialog, script, style')) sibling.inert = inert;
    }
  }
}

function setDrawer(open: boolean) {
  if (!drawer || drawer.classList.contains('open') === open) return;
  drawer.classList.toggle('open', open);
  setPageInert(open);
  const toggles = document.querySelectorAll<HTMLElement>('[data-menu-toggle]');
  for (const b of toggles) b.setAttribute('aria-expanded', String(open));
  // Focus goes into the drawer (visible at once: MemberShell.astro) and back to the menu button.
  if (open) drawer.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  else toggles[0]?.focus();
}

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  if (target?.closest('[data-menu-toggle]')) return setDrawer(!drawer?.classList.contains('open'));
  if (target?.closest('[data-menu-close]')) return setDrawer(false);
  // The live chat opens over the page (LiveChat.astro handles the click): the drawer makes way.
  if (target?.closest('#member-menu [data-livechat]')) setDrawer(false);
  if (target?.closest('[data-logout]')) {
    event.preventDefault();
    const to = afterSignOutPage();
    void signOut().then(() => location.assign(to));
  }
});
// Back to a page kept in the back-forward cache: the drawer that was open when the member left
// it would come back open, over an inert page; and the memos may have been read meanwhile (the
// one opened from the list), so the bell and the memo list ask again.
// Not when the stored session is no longer the one the page was shown for (signed out, or in as
// someone else): MemberShell's own handler hides the page and loads it again, and a memo call made
// meanwhile with the old token would be refused and taken for a session ended elsewhere ('Sesi
// Anda telah berakhir' on /login after a deliberate Keluar).
const shownFor = storedSessionUser();
addEventListener('pageshow', (event) => {
  if (!event.persisted || storedSessionUser() !== shownFor) return;
  setDrawer(false);
  dispatchEvent(new Event(MEMOS_CHANGED));
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && drawer?.classList.contains('open')) setDrawer(false);
});

// Taps on the menu or Keluar made before this script was listening (SHELL_TAPS, inline in
// MemberShell.astro), in the order they were made; from now on taps pass straight through.
const held = (window as unknown as Record<string, (HTMLElement[] & { done?: boolean }) | undefined>)[SHELL_TAPS_GLOBAL];
if (held) {
  held.done = true;
  for (const element of held.splice(0)) element.click();
}

function render(unread: number, suspended: boolean) {
  const badge = root?.querySelector<HTMLElement>('[data-memo-count]');
  if (badge) {
    badge.textContent = unread > 99 ? '99+' : String(unread);
    badge.hidden = unread === 0;
  }
  // Read out as 'Memo 3 belum dibaca', not a bare number.
  const unreadText = root?.querySelector<HTMLElement>('[data-memo-unread]');
  if (unreadText) unreadText.hidden = unread === 0;
  const notice = document.querySelector<HTMLElement>('[data-suspended-notice]');
  if (notice) notice.hidden = !suspended;
}

async function refresh() {
  try {
    const s = await shellStatus();
    render(s.unread, s.suspended);
  } catch {
    /* offline or signed out: the guard handles the latter; keep the last figures */
  }
}

if (root && hasStoredSession()) {
  const name = root.querySelector<HTMLElement>('[data-username]');
  const show = () => {
    const s = $session.get();
    if (!name || !s) return;
    name.textContent = s.username;
    // A long name is cut short with an ellipsis on a phone; the whole of it on hover.
    name.title = s.username;
  };
  show();
  $session.listen(show);
  void refresh();
  setInterval(() => void refresh(), MEMO_REFETCH_MS);
  addEventListener(MEMOS_CHANGED, () => void refresh());
}
