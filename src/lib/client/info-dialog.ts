// One information dialog per page (InfoDialog.astro): an info icon, a title, a text and OK.
// Any element with data-info-title (and data-info-text) opens it instead of following its link.

export function showInfo(title: string, text: string): void {
  const dialog = document.querySelector<HTMLDialogElement>('dialog.info-dialog');
  if (!dialog) return;
  dialog.querySelector('h2')!.textContent = title;
  dialog.querySelector('p')!.textContent = text;
  if (!dialog.open) dialog.showModal();
}

export function install(): void {
  document.addEventListener('click', (event) => {
    const el = (event.target as Element | null)?.closest<HTMLElement>('[data-info-title]');
    if (!el) return;
    event.preventDefault();
    showInfo(el.dataset['infoTitle'] ?? '', el.dataset['infoText'] ?? '');
  });
}
