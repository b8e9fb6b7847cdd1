// The ARIA tabs pattern for a tablist whose tabs name their panels (aria-controls): a click, or an
// arrow key (Left/Right, wrapping round; Home/End) on a focused tab, selects a tab and shows its
// panel. Only the selected tab is in the tab order (roving tabindex: the markup renders tabindex 0
// on it and -1 on the others), so Tab goes from it straight into its panel.
// Used by the match page's tabs and the member side menu's MENU / GAMES / FITUR.

/** Makes `list` behave as above; `selected` runs after every selection (the match page keeps ?tab=). */
export function mountTabs(list: HTMLElement, selected?: (tab: HTMLElement) => void): void {
  const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
  const select = (tab: HTMLElement, focus: boolean) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !on;
    }
    if (focus) tab.focus();
    selected?.(tab);
  };
  list.addEventListener('click', (e) => {
    const tab = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (!tab || !tabs.includes(tab)) return;
    // The match page's tabs are links (?tab=, for a page without JavaScript): here they switch in place.
    e.preventDefault();
    select(tab, false);
  });
  list.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(document.activeElement as HTMLElement);
    if (i < 0) return;
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(tabs[(next + tabs.length) % tabs.length]!, true);
  });
}
