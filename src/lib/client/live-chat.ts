// Live chat costs a page nothing until someone asks for it: clicking any [data-livechat] element
// (the header's Keluhan, the contact shortcuts, the floating button) loads the provider's script
// then. Under 425 px there is no floating widget (000 §4): the provider's own chat page opens in
// a new tab instead. If the script fails or is too slow, the visitor is told so.
import { LIVE_CHAT_LOAD_TIMEOUT_MS, LIVE_CHAT_MIN_WIDTH_PX } from '../shared/constants.ts';
import { liveChatProvider, type LiveChatProvider } from '../shared/live-chat.ts';
import { showInfo } from './info-dialog.ts';

type Win = Window & {
  Tawk_API?: { onLoad?: () => void; maximize?: () => void; hideWidget?: () => void; showWidget?: () => void };
  Tawk_LoadStart?: Date;
  __lc?: { license: number };
  LiveChatWidget?: { call: (method: string) => void; on?: (event: string, cb: () => void) => void };
};
const w = window as Win;

let state: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
const narrow = matchMedia(`(max-width: ${LIVE_CHAT_MIN_WIDTH_PX - 1}px)`);

function open(provider: LiveChatProvider) {
  if (provider.kind === 'tawk') w.Tawk_API?.maximize?.();
  else w.LiveChatWidget?.call('maximize');
}

function setVisible(provider: LiveChatProvider, visible: boolean) {
  if (provider.kind === 'tawk') (visible ? w.Tawk_API?.showWidget : w.Tawk_API?.hideWidget)?.();
  else w.LiveChatWidget?.call(visible ? 'minimize' : 'hide');
}

function load(provider: LiveChatProvider, fail: () => void) {
  state = 'loading';
  const timer = setTimeout(() => {
    if (state === 'loading') fail();
  }, LIVE_CHAT_LOAD_TIMEOUT_MS);
  const ready = () => {
    clearTimeout(timer);
    if (state !== 'loading') return;
    state = 'ready';
    open(provider);
    narrow.addEventListener('change', () => setVisible(provider, !narrow.matches));
  };
  if (provider.kind === 'tawk') {
    w.Tawk_API = { ...w.Tawk_API, onLoad: ready };
    w.Tawk_LoadStart = new Date();
  } else {
    w.__lc = { license: Number(provider.license) };
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = provider.script;
  script.crossOrigin = 'anonymous';
  script.addEventListener('error', () => {
    clearTimeout(timer);
    fail();
  });
  if (provider.kind === 'livechat') {
    // tracking.js defines LiveChatWidget synchronously; the widget itself follows.
    script.addEventListener('load', () => (w.LiveChatWidget ? ready() : fail()));
  }
  document.head.append(script);
}

export function install(): void {
  const config = document.getElementById('live-chat');
  if (!config) return;
  const provider = liveChatProvider(config.dataset['id'] ?? '');
  const fail = () => {
    state = 'failed';
    showInfo(config.dataset['title'] ?? '', config.dataset['unavailable'] ?? '');
  };
  document.addEventListener('click', (event) => {
    const el = (event.target as Element | null)?.closest('[data-livechat]');
    if (!el) return;
    event.preventDefault();
    if (!provider) return fail();
    if (narrow.matches) {
      window.open(provider.chatPage, '_blank', 'noopener');
      return;
    }
    if (state === 'ready') return open(provider);
    if (state === 'loading') return;
    // A failed load may have been a blip: try again on the next click.
    load(provider, fail);
  });
}
