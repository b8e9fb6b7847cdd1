// The popular-match carousel (carousel.ts): one card on a phone, two or three on wider screens. A
// visitor's click opens the 'Silahkan Daftar atau Login!' dialog; a member's slides are links.
import { popularMatches as t } from '../shared/messages/football.ts';
import { mountSwiper } from './carousel.ts';

export function mount(root: HTMLElement): void {
  const dialog = root.querySelector<HTMLDialogElement>('dialog');
  if (dialog) {
    root.addEventListener('click', (e) => {
      const target = e.target as HTMLElement;
      if (target.closest('[data-prompt]')) dialog.showModal();
      if (target.closest('[data-close]')) dialog.close();
    });
  }
  mountSwiper(root, {
    breakpoints: { 640: { slidesPerView: 2 }, 960: { slidesPerView: 3 } },
    labels: { previous: t.previous, next: t.next },
  });
}
